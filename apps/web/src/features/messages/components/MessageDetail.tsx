import type { ModalFuncProps } from 'antd';
import { Tag } from 'antd';
import { BROADCAST_TEXT as T, formatWibDateTime } from '@eo/contract';
import type { MessageDetail } from '../api/messages';
import { audienceText } from '../audience-text';
import { Delivery, STATUS_COLOR } from './Delivery';

/** One message opened from the history: its body as written, where it went, and the addresses that failed with the reason. */
export function MessageDetailView({ m }: { m: MessageDetail }) {
  return (
    <div className="messages-detail">
      <div className="messages-tags">
        <Tag>{T.kind[m.kind]}</Tag>
        <Tag color={STATUS_COLOR[m.status]}>{T.status[m.status]}</Tag>
      </div>
      <dl className="messages-facts">
        <div><dt>{T.colAudience}</dt><dd>{audienceText(m)}</dd></div>
        <div><dt>{T.colBy}</dt><dd>{m.sentBy ?? T.automatic}</dd></div>
        <div><dt>{T.colWhen}</dt><dd>{formatWibDateTime(new Date(m.sendAt))}</dd></div>
      </dl>
      <Delivery item={m} />
      <h3 className="messages-subheading">{T.body}</h3>
      <p className="messages-body">{m.body}</p>
      {m.failures.length > 0 && (
        <>
          <h3 className="messages-subheading">{T.failures}</h3>
          <ul className="messages-failures">
            {m.failures.map((f) => (
              <li key={f.email}><span className="messages-failure-who">{f.name} &lt;{f.email}&gt;</span><span className="messages-muted">{f.reason}</span></li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The detail as a dialog of the App's `modal` (see previewDialog). */
export const detailDialog = (m: MessageDetail): ModalFuncProps => ({
  title: m.subject, content: <MessageDetailView m={m} />, icon: null, width: 640, maskClosable: true, closable: true,
});
