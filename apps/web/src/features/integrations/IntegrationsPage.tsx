import { Typography } from 'antd';
import { INTEGRATIONS_TEXT as T } from '@eo/contract';
import { TrackingLinksSection } from './tracking-links/TrackingLinksSection';
import './integrations.css';

/** /organization/integrations: the organization's integrations, one section each. */
export function IntegrationsPage() {
  return (
    <div className="integrations-page">
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      <div className="integrations-sections">
        <TrackingLinksSection />
      </div>
    </div>
  );
}
