import { Tabs, Typography } from 'antd';
import { REVIEW_TEXT as T } from '@eo/contract';
import { EventQueue } from './components/EventQueue';
import { RevisionQueue } from './components/RevisionQueue';
import './review.css';

/**
 * `/admin/review` (globalAdmin): submitted events waiting for approval, and the revisions of
 * approved events (public-facing edits held until approved), each oldest first.
 */
export function ReviewPage() {
  return (
    <div className="review-page">
      <Typography.Title level={1} className="review-title">{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Tabs
        className="review-tabs" destroyOnHidden
        items={[
          { key: 'events', label: T.tabEvents, children: <EventQueue /> },
          { key: 'revisions', label: T.tabRevisions, children: <RevisionQueue /> },
        ]}
      />
    </div>
  );
}
