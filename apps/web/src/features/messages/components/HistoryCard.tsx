import { useState } from 'react';
import { Alert, App, Button, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { BROADCAST_MSG as M, BROADCAST_TEXT as T, fill, formatWibDateTime } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { cancelMessage, messageDetailQuery, messageKeys, useMessageList, type MessageListItem } from '../api/messages';
import { audienceText } from '../audience-text';
import { Delivery, STATUS_COLOR } from './Delivery';
import { detailDialog } from './MessageDetail';

/**
 * "Riwayat": the event's messages, newest first, read again every ~3 s while one is
 * going out or scheduled; a scheduled one can be cancelled by the roles that send.
 */
export function HistoryCard({ eventId, canSend }: { eventId: string; canSend: boolean }) {
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState<string | null>(null);
  const list = useMessageList(eventId, page);
  const { message, modal } = App.useApp();
  const client = useQueryClient();

  const cancel = async (item: MessageListItem) => {
    const ok = await modal.confirm({ title: T.cancelConfirm, content: item.subject, okText: T.cancel, okButtonProps: { danger: true } });
    if (!ok) return;
    try {
      await cancelMessage(eventId, item.id);
      message.success(M.cancelled);
    } catch (err) {
      message.error(fill(T.failed, { reason: errorText(err) }));
    }
    await client.invalidateQueries({ queryKey: messageKeys.all(eventId) });
  };

  const open = async (item: MessageListItem) => {
    setOpening(item.id);
    try {
      modal.info(detailDialog(await client.fetchQuery(messageDetailQuery(eventId, item.id))));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setOpening(null);
    }
  };

  const docs = list.data?.docs ?? [];
  return (
    <section className="messages-card" aria-labelledby="pesan-riwayat">
      <h2 className="messages-heading" id="pesan-riwayat">{T.history}</h2>
      {list.error && <Alert type="error" showIcon title={T.historyFailed} description={errorText(list.error)} />}
      {list.isSuccess && docs.length === 0 && <p className="messages-muted">{T.historyEmpty}</p>}
      <ul className="messages-list">
        {docs.map((item) => (
          <li key={item.id} className="messages-item">
            <div className="messages-tags">
              <Tag>{T.kind[item.kind]}</Tag>
              <Tag color={STATUS_COLOR[item.status]}>{T.status[item.status]}</Tag>
            </div>
            <Button type="link" className="messages-subject" loading={opening === item.id} onClick={() => void open(item)}>{item.subject}</Button>
            <dl className="messages-facts">
              <div><dt>{T.colAudience}</dt><dd>{audienceText(item)}</dd></div>
              <div><dt>{T.colBy}</dt><dd>{item.sentBy ?? T.automatic}</dd></div>
              <div><dt>{T.colWhen}</dt><dd>{formatWibDateTime(new Date(item.sendAt))}</dd></div>
            </dl>
            <Delivery item={item} />
            {canSend && item.status === 'scheduled' && (
              <div><Button danger size="small" onClick={() => void cancel(item)}>{T.cancel}</Button></div>
            )}
          </li>
        ))}
      </ul>
      {/* Plain buttons rather than antd's Pagination: its icons would split a chunk every dashboard route loads (docs/performance.md, Web). */}
      {(list.data?.totalPages ?? 0) > 1 && (
        <nav className="messages-pages" aria-label={T.history}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{T.newer}</Button>
          <span className="messages-muted">{fill(T.pageOf, { page, pages: list.data?.totalPages ?? 1 })}</span>
          <Button size="small" disabled={page >= (list.data?.totalPages ?? 1)} onClick={() => setPage(page + 1)}>{T.older}</Button>
        </nav>
      )}
    </section>
  );
}
