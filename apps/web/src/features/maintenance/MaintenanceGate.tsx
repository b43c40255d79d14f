import { Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMaintenance } from './api/get-maintenance';
import { maintenanceState, returnPath } from './maintenance-return';

export const MAINTENANCE_PATH = '/maintenance';

/**
 * While the status is "true" every route leads to /maintenance, remembering the page asked
 * for; once it ends, back to that page. The server's answer wins over the flag stored from an
 * earlier visit: while that answer is on its way a stored "true" only holds the page (a stale
 * flag would otherwise send /payout to /maintenance and then to /, losing the page).
 */
export function MaintenanceGate() {
  const { on, known } = useMaintenance();
  const { pathname, search, hash, state } = useLocation();
  const onMaintenancePage = pathname === MAINTENANCE_PATH;
  if (on === undefined && !onMaintenancePage) return <Spin fullscreen />;
  if (on && !onMaintenancePage) return <Navigate to={MAINTENANCE_PATH} replace state={maintenanceState(pathname, search, hash)} />;
  if (on === false && known && onMaintenancePage) return <Navigate to={returnPath(state)} replace />;
  return <Outlet />;
}
