import { Typography } from 'antd';
import { WEBHOOKS_TEXT as T } from '@eo/contract';
import { useActiveMembership } from '../../lib/use-active-organization';
import { WebhooksSection } from './webhooks/WebhooksSection';

/** /organization/integrations ("Integrasi"): the organization's connections to other systems, one section each. */
export function IntegrationsPage() {
  const active = useActiveMembership();
  if (!active) return null;
  return (
    <div className="integrations-page">
      <Typography.Title level={1}>{T.pageTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.pageSubtitle}</Typography.Paragraph>
      <WebhooksSection key={active.id} organizationId={active.id} />
    </div>
  );
}
