import { Typography } from 'antd';
import { INTEGRATIONS_TEXT as T } from '@eo/contract';
import { useActiveMembership } from '../../lib/use-active-organization';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import './integrations.css';

/**
 * /organization/integrations: what connects the organization to other systems, one section
 * each. A section takes the organization and renders its own card.
 */
const SECTIONS = [ApiKeysSection];

export function IntegrationsPage() {
  const active = useActiveMembership();
  if (!active) return null;
  return (
    <div className="org-page integrations-page">
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      {SECTIONS.map((Section) => <Section key={Section.name} organizationId={active.id} />)}
    </div>
  );
}
