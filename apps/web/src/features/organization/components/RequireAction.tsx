import type { ReactNode } from 'react';
import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LAYOUT_TEXT, ORG_FRAME_TEXT, type OrgAction } from '@eo/contract';
import { useCan } from '../../../lib/use-can';

/**
 * A screen the active role may not use: a plain "no access" page instead of the API's 403s.
 * Plain markup rather than antd's Result (its illustrations are about 10 KB gzipped on every
 * guarded route's first load).
 */
export function RequireAction({ action, children }: { action: OrgAction; children: ReactNode }) {
  const can = useCan(action);
  const navigate = useNavigate();
  if (can) return children;
  return (
    <section className="no-access" role="alert">
      <StopOutlined className="no-access-icon" aria-hidden />
      <h1 className="app-notice-title">{ORG_FRAME_TEXT.noAccessTitle}</h1>
      <p>{ORG_FRAME_TEXT.noAccess}</p>
      <Button type="primary" onClick={() => navigate('/')}>{LAYOUT_TEXT.backToDashboard}</Button>
    </section>
  );
}
