import { Typography } from 'antd';
import { INTEGRATIONS_TEXT as T } from '@eo/contract';
import { useActiveMembership } from '../../lib/use-active-organization';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { TrackingLinksSection } from './tracking-links/TrackingLinksSection';
import { WebhooksSection } from './webhooks/WebhooksSection';
import './integrations.css';

/**
 * /organization/integrations: what connects the organization to other systems, one section
 * each, each rendering its own card.
 */
export function IntegrationsPage() {
  const active = useActiveMembership();
  if (!active) return null;
  return (
    <div className="org-page integrations-page">
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      <div className="integrations-sections">
        <ApiKeysSection organizationId={active.id} />
        <WebhooksSection key={active.id} organizationId={active.id} />
        <TrackingLinksSection />
      </div>
    </div>
  );
}
