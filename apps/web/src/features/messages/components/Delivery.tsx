import { Progress } from 'antd';
import { BROADCAST_TEXT as T, fill, type MessageListItem, type MessageStatus } from '@eo/contract';

export const STATUS_COLOR: Record<MessageStatus, string> = { scheduled: 'blue', sending: 'gold', sent: 'green', cancelled: 'default', failed: 'red' };

/** What a message has done so far: a bar while it goes out, the counts once done. */
export function Delivery({ item }: { item: MessageListItem }) {
  if (item.status === 'sending') {
    const done = item.counts.sent + item.counts.failed;
    return (
      <div className="messages-progress">
        <Progress percent={item.recipients ? Math.floor((done / item.recipients) * 100) : 0} showInfo={false} size="small" status="active" />
        <span>{fill(T.progress, { sent: item.counts.sent, total: item.recipients })}</span>
      </div>
    );
  }
  if (item.status === 'sent' || item.status === 'failed') return <p className="messages-counts">{fill(T.counts, { sent: item.counts.sent, failed: item.counts.failed })}</p>;
  return null;
}

