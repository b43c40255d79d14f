import { lazy, Suspense } from 'react';
import { Typography } from 'antd';
import { INTEGRATIONS_TEXT as T } from '@eo/contract';
import { useActiveMembership } from '../../lib/use-active-organization';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import './integrations.css';

// The sections below the first load while it renders: the three together were over the page's
// first-load budget (docs/performance.md, Web).
const WebhooksSection = lazy(async () => ({ default: (await import('./webhooks/WebhooksSection')).WebhooksSection }));
const TrackingLinksSection = lazy(async () => ({ default: (await import('./tracking-links/TrackingLinksSection')).TrackingLinksSection }));

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
        <Suspense fallback={null}>
          <WebhooksSection key={active.id} organizationId={active.id} />
          <TrackingLinksSection />
        </Suspense>
      </div>
    </div>
  );
}
