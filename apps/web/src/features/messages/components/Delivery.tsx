import { BROADCAST_TEXT as T, fill, WHATSAPP_TEXT as W, type MessageListItem, type MessageStatus } from '@eo/contract';

export const STATUS_COLOR: Record<MessageStatus, string> = { scheduled: 'blue', sending: 'gold', sent: 'green', cancelled: 'default', failed: 'red' };

/** What a message has done so far: a bar while it goes out, the counts once done; a reminder's WhatsApp beside. */
export function Delivery({ item }: { item: MessageListItem }) {
  const mail = <MailDelivery item={item} />;
  if (!item.whatsapp) return mail;
  return <>{mail}<p className="messages-counts">{fill(W.counts, item.whatsapp)}</p></>;
}

function MailDelivery({ item }: { item: MessageListItem }) {
  if (item.status === 'sending') {
    const done = item.counts.sent + item.counts.failed + item.counts.bounced;
    return (
      <div className="messages-progress">
        <span className="messages-bar" role="progressbar" aria-label={item.subject} aria-valuemin={0} aria-valuemax={item.recipients} aria-valuenow={done} aria-valuetext={fill(T.progress, { sent: item.counts.sent, total: item.recipients })}>
          <span style={{ width: `${item.recipients ? Math.min(100, Math.floor((done / item.recipients) * 100)) : 0}%` }} />
        </span>
        <span>{fill(T.progress, { sent: item.counts.sent, total: item.recipients })}</span>
      </div>
    );
  }
  if (item.status === 'sent' || item.status === 'failed') return <p className="messages-counts">{fill(T.counts, { sent: item.counts.sent, failed: item.counts.failed, bounced: item.counts.bounced })}</p>;
  return null;
}

