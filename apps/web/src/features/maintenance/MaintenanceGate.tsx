import { Navigate, Outlet, useLocation } from 'react-router';
import { useMaintenance } from './api/get-maintenance';

export const MAINTENANCE_PATH = '/maintenance';

/** While the status is "true" every route leads to /maintenance; once it ends, back to /. */
export function MaintenanceGate() {
  const { on, known } = useMaintenance();
  const { pathname } = useLocation();
  if (on && pathname !== MAINTENANCE_PATH) return <Navigate to={MAINTENANCE_PATH} replace />;
  if (!on && known && pathname === MAINTENANCE_PATH) return <Navigate to="/" replace />;
  return <Outlet />;
}
