import { Alert, Typography } from 'antd';
import { useParams } from 'react-router';
import { BROADCAST_TEXT as T } from '@eo/contract';
import { useEventDetail } from '../../lib/event-detail';
import { useCan } from '../../lib/use-can';
import { ComposeCard } from './components/ComposeCard';
import { HistoryCard } from './components/HistoryCard';
import { RemindersCard } from './components/RemindersCard';
import { WhatsAppCard } from './components/WhatsAppCard';
import './messages.css';

/**
 * `/event/{id}/messages`: messages to the event's registrants. Owners and admins
 * write one (to ticket categories and by check-in, now or at a WIB time); every role reads the
 * history and the automatic reminders. One column on a phone (375 px), two from 1024 px.
 */
export function MessagesPage() {
  const { id = '' } = useParams();
  const detail = useEventDetail(id);
  const canSend = useCan('messages.send');
  const tickets = detail.data?.tickets.map((t) => ({ id: t.id, name: t.name })) ?? [];

  return (
    <div className="messages-page">
      <header className="messages-head">
        <Typography.Title level={1} className="messages-title">{T.title}</Typography.Title>
        {detail.data && <p className="messages-event">{detail.data.name}</p>}
        {detail.error && <p className="messages-muted" role="alert">{T.loadFailed}</p>}
      </header>
      <div className="messages-grid">
        <div className="messages-column">
          {canSend ? <ComposeCard eventId={id} tickets={tickets} /> : <Alert type="info" showIcon title={T.readOnly} />}
          <HistoryCard eventId={id} canSend={canSend} />
        </div>
        <div className="messages-column">
          <RemindersCard eventId={id} canSend={canSend} />
          <WhatsAppCard eventId={id} />
        </div>
      </div>
    </div>
  );
}
