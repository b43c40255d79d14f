import { Alert } from 'antd';
import { WHATSAPP_TEXT as W } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useWhatsAppSummary } from '../api/whatsapp-summary';

/**
 * "WhatsApp": the event's WhatsApp messages by kind (e-ticket, reminders, …) and how far they got
 * (sent, delivered, read; failed), beside the mails. Nothing when the server sends no WhatsApp
 * and never did for this event.
 */
export function WhatsAppCard({ eventId }: { eventId: string }) {
  const query = useWhatsAppSummary(eventId);
  const s = query.data;
  if (query.error) return <Alert type="error" showIcon title={W.loadFailed} description={errorText(query.error)} />;
  if (!s || (!s.enabled && s.kinds.length === 0)) return null;
  return (
    <section className="messages-card" aria-labelledby="pesan-whatsapp">
      <h2 className="messages-heading" id="pesan-whatsapp">{W.historyTitle}</h2>
      <p className="messages-muted messages-hint">{W.historyIntro}</p>
      {s.kinds.length === 0
        ? <p className="messages-muted">{W.none}</p>
        : (
          <table className="messages-wa">
            <thead>
              <tr><th scope="col">{W.colKind}</th><th scope="col">{W.sent}</th><th scope="col">{W.delivered}</th><th scope="col">{W.read}</th><th scope="col">{W.failed}</th></tr>
            </thead>
            <tbody>
              {s.kinds.map(({ kind, counts }) => (
                <tr key={kind}>
                  <th scope="row">{W.kind[kind]}{counts.queued > 0 && <span className="messages-muted"> · {W.queued} {counts.queued}</span>}</th>
                  <td>{counts.sent}</td><td>{counts.delivered}</td><td>{counts.read}</td>
                  <td className={counts.failed > 0 ? 'messages-error' : undefined}>{counts.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </section>
  );
}
