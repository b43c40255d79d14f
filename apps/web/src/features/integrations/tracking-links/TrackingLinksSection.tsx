import { useState } from 'react';
import { Alert, Button, Card, Select, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { EMBED_SCRIPT_PATH, TRACKING_LINK_TEXT as T } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { useCopy } from '../../../lib/use-copy';
import { useDebounced } from '../../../lib/use-debounced';
import { useTrackingLinks } from './api/get-tracking-links';
import { useActiveEventSearch } from './api/search-active-events';
import { TrackingLinkForm } from './TrackingLinkForm';
import { TrackingLinksTable } from './TrackingLinksTable';
import './tracking-links.css';

/** The host page's tag of the embedded registration form, on this app's origin. */
const embedSnippet = (eventId: string) => `<script src="${location.origin}${EMBED_SCRIPT_PATH}" data-event="${eventId}"></script>`;

/**
 * Integrasi › Tautan Pelacakan: pick an active event, see its links, make one (name and code),
 * copy or delete one; and the event's embed tag, to put the registration form on another site.
 * Their counts are in the event's Insight tab.
 */
export function TrackingLinksSection() {
  const [search, setSearch] = useState('');
  const [eventId, setEventId] = useState<string>();
  const events = useActiveEventSearch(useDebounced(search, 300));
  const links = useTrackingLinks(eventId);
  const canEdit = useCan('events.write');
  const copy = useCopy(T);
  const snippet = eventId ? embedSnippet(eventId) : '';
  return (
    <Card title={<Typography.Title level={2} className="tl-title">{T.section}</Typography.Title>} className="tl-card">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <label className="tl-label" htmlFor="tl-event">{T.event}</label>
      <Select<string>
        id="tl-event" className="tl-event" showSearch={{ filterOption: false, onSearch: setSearch }} allowClear placeholder={T.chooseEvent}
        value={eventId} onChange={setEventId} loading={events.isFetching} aria-label={T.event}
        options={(events.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
      />
      {!eventId ? <Typography.Paragraph className="tl-none">{T.noEvent}</Typography.Paragraph> : (
        <>
          {canEdit && <TrackingLinkForm eventId={eventId} />}
          {links.isError && <Alert type="error" showIcon title={errorText(links.error)} />}
          <TrackingLinksTable eventId={eventId} links={links.data ?? []} loading={links.isFetching} canEdit={canEdit} />
          <section className="tl-embed" aria-labelledby="tl-embed-h">
            <Typography.Title level={3} id="tl-embed-h" className="tl-subtitle">{T.embedTitle}</Typography.Title>
            <Typography.Paragraph type="secondary">{T.embedIntro}</Typography.Paragraph>
            <pre className="tl-snippet" aria-label={T.snippetLabel} tabIndex={0}>{snippet}</pre>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(snippet)}
            >
              {T.copySnippet}
            </Button>
          </section>
        </>
      )}
    </Card>
  );
}
