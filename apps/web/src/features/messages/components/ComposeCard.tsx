import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Alert, App, Button, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  BROADCAST_MSG as M, BROADCAST_TEXT as T, MERGE_FIELDS, MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, fill, formatWibDateTime, fromWibInput, wibInputValue, type MessageAttendance,
} from '@eo/contract';
import { audienceCountQuery, createMessage, messageKeys, previewMessage, sendTestMessage, useAudienceCount, type Audience } from '../api/messages';
import { checkContent, NO_REFUSAL, refusalOf, type ComposeField, type Refusal } from '../refusal';
import { useDebounced } from '../../../lib/use-debounced';
import { previewDialog } from './PreviewView';

/** The recipient count waits this long after the audience last changed. */
export const AUDIENCE_DEBOUNCE_MS = 300;

const ATTENDANCE: { value: MessageAttendance; label: string }[] = [
  { value: 'all', label: T.attendanceAll },
  { value: 'checkedIn', label: T.attendanceCheckedIn },
  { value: 'notCheckedIn', label: T.attendanceNotCheckedIn },
];

/** A schedule's first offer: the next full hour after one from now, on the WIB clock. */
const defaultSendAt = (now: Date) => wibInputValue(new Date(Math.ceil((now.getTime() + 3_600_000) / 3_600_000) * 3_600_000));

const [HINT_BEFORE, HINT_AFTER] = T.fieldsHint.split('{fields}') as [string, string];

type Busy = 'preview' | 'test' | 'send' | null;

/**
 * "Tulis pesan": subject and body with merge fields, the audience with its live
 * recipient count, a preview as the recipient sees it, a test copy to the sender, and sending now
 * or at a WIB time after a confirmation naming the count.
 */
export function ComposeCard({ eventId, tickets }: { eventId: string; tickets: { id: string; name: string }[] }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [ticketIds, setTicketIds] = useState<string[]>([]);
  const [attendance, setAttendance] = useState<MessageAttendance>('all');
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState(() => defaultSendAt(new Date()));
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [busy, setBusy] = useState<Busy>(null);
  // Where a merge field goes: the field last left and its selection.
  const caret = useRef<{ field: 'subject' | 'body'; start: number; end: number }>({ field: 'body', start: -1, end: -1 });

  const audience = useMemo<Audience>(() => ({ ticketIds, attendance }), [ticketIds, attendance]);
  const settled = useDebounced(audience, AUDIENCE_DEBOUNCE_MS);
  const count = useAudienceCount(eventId, settled);
  const counting = settled !== audience || count.isFetching || count.isPending;

  // A changed audience clears what the server said about the previous one.
  useEffect(() => setRefusal((r) => (r.fields.audience ? { ...r, fields: { ...r.fields, audience: undefined } } : r)), [audience]);

  const remember = (field: 'subject' | 'body') => (e: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    caret.current = { field, start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length };
  };
  const insertField = (field: string) => {
    const token = `{${field}}`;
    const { field: target, start, end } = caret.current;
    const [value, set] = target === 'subject' ? [subject, setSubject] : [body, setBody];
    const from = start < 0 || start > value.length ? value.length : start;
    const to = end < from || end > value.length ? from : end;
    set(value.slice(0, from) + token + value.slice(to));
    caret.current = { field: target, start: from + token.length, end: from + token.length };
  };

  const fieldError = (field: ComposeField) => refusal.fields[field];
  const describe = (field: ComposeField) => (fieldError(field) ? { 'aria-invalid': true, 'aria-describedby': `pesan-${field}-error` } : {});
  const errorLine = (field: ComposeField) => fieldError(field) && <p className="messages-error" id={`pesan-${field}-error`}>{fieldError(field)}</p>;

  /** The form's own checks first (the server's texts); false when something is to fix. */
  const checked = (withSchedule: boolean): string | null | false => {
    const fields: Refusal['fields'] = checkContent(subject, body);
    let at: string | null = null;
    if (withSchedule && later) {
      at = fromWibInput(sendAt);
      if (!at) fields.sendAt = T.sendAtRequired;
      else if (Date.parse(at) <= Date.now()) fields.sendAt = M.sendAtPast;
    }
    setRefusal({ fields, alert: null });
    return Object.keys(fields).length ? false : at;
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (err) {
      setRefusal(refusalOf(err));
    } finally {
      setBusy(null);
    }
  };

  const showPreview = () => {
    if (checked(false) === false) return;
    void run('preview', async () => { modal.info(previewDialog(await previewMessage(eventId, { subject, body, audience }))); });
  };

  const sendTest = () => {
    if (checked(false) === false) return;
    void run('test', async () => {
      const text = await sendTestMessage(eventId, { subject, body });
      if (text) message.success(text);
    });
  };

  const send = () => {
    const at = checked(true);
    if (at === false) return;
    void run('send', async () => {
      const n = await client.fetchQuery(audienceCountQuery(eventId, audience));
      if (n === 0) {
        setRefusal({ fields: { audience: M.noRecipients }, alert: null });
        return;
      }
      const ok = await modal.confirm({
        title: at ? fill(T.confirmSchedule, { n, time: formatWibDateTime(new Date(at)) }) : fill(T.confirmSend, { n }),
        okText: at ? T.schedule : T.send,
      });
      if (!ok) return;
      const created = await createMessage(eventId, { subject, body, audience, ...(at ? { sendAt: at } : {}) });
      message.success(created.message ?? (created.status === 'scheduled' ? M.scheduled : M.created));
      setSubject('');
      setBody('');
      setRefusal(NO_REFUSAL);
      await client.invalidateQueries({ queryKey: messageKeys.all(eventId) });
    });
  };

  return (
    <section className="messages-card" aria-labelledby="pesan-tulis">
      <h2 className="messages-heading" id="pesan-tulis">{T.compose}</h2>
      <form className="messages-form" onSubmit={(e) => { e.preventDefault(); send(); }} noValidate>
        <label htmlFor="pesan-subjek">{T.subject}</label>
        <Input
          id="pesan-subjek" value={subject} maxLength={MESSAGE_SUBJECT_MAX} onChange={(e) => setSubject(e.target.value)}
          onBlur={remember('subject')} onSelect={remember('subject')} status={fieldError('subject') ? 'error' : undefined} {...describe('subject')}
        />
        {errorLine('subject')}
        <label htmlFor="pesan-isi">{T.body}</label>
        <Input.TextArea
          id="pesan-isi" value={body} maxLength={MESSAGE_BODY_MAX} autoSize={{ minRows: 6, maxRows: 16 }} onChange={(e) => setBody(e.target.value)}
          onBlur={remember('body')} onSelect={remember('body')} status={fieldError('body') ? 'error' : undefined} {...describe('body')}
        />
        {errorLine('body')}
        <p className="messages-muted messages-hint">
          {HINT_BEFORE}
          {MERGE_FIELDS.map((f, i) => (
            <span key={f}>
              {i > 0 && ', '}
              <button type="button" className="messages-field" aria-label={fill(T.insertField, { field: `{${f}}` })} onMouseDown={(e) => e.preventDefault()} onClick={() => insertField(f)}>
                {`{${f}}`}
              </button>
            </span>
          ))}
          {HINT_AFTER}
        </p>

        <fieldset className="messages-fieldset">
          <legend>{T.audience}</legend>
          {/* Native check boxes (an event has a few categories; antd's Select would split a chunk every dashboard route loads). */}
          <span className="messages-label" id="pesan-tiket">{T.tickets}</span>
          <div role="group" aria-labelledby="pesan-tiket" aria-describedby="pesan-tiket-semua" className="messages-radios">
            {tickets.map((t) => (
              <label key={t.id} className="messages-radio">
                <input
                  type="checkbox" value={t.id} checked={ticketIds.includes(t.id)}
                  onChange={(e) => setTicketIds(e.target.checked ? [...ticketIds, t.id] : ticketIds.filter((x) => x !== t.id))}
                />
                {t.name}
              </label>
            ))}
          </div>
          {ticketIds.length === 0 && <p className="messages-muted" id="pesan-tiket-semua">{T.allTickets}</p>}
          <span className="messages-label" id="pesan-kehadiran">{T.attendance}</span>
          {/* Native radios (antd's Radio would split a chunk the other dashboard routes load; docs/performance.md, Web). */}
          <div role="radiogroup" aria-labelledby="pesan-kehadiran" className="messages-radios">
            {ATTENDANCE.map((a) => (
              <label key={a.value} className="messages-radio">
                <input type="radio" name="pesan-kehadiran" value={a.value} checked={attendance === a.value} onChange={() => setAttendance(a.value)} />
                {a.label}
              </label>
            ))}
          </div>
          <p className="messages-count" aria-live="polite">
            {counting && count.data === undefined ? T.counting : fill(T.recipients, { n: count.data ?? 0 })}
            {counting && count.data !== undefined && <span className="messages-muted"> · {T.counting}</span>}
          </p>
          {errorLine('audience')}
        </fieldset>

        <fieldset className="messages-fieldset">
          <legend>{T.when}</legend>
          <div role="radiogroup" aria-label={T.when} className="messages-radios">
            <label className="messages-radio"><input type="radio" name="pesan-waktu-kirim" value="now" checked={!later} onChange={() => setLater(false)} />{T.now}</label>
            <label className="messages-radio"><input type="radio" name="pesan-waktu-kirim" value="later" checked={later} onChange={() => setLater(true)} />{T.later}</label>
          </div>
          {later && (
            <>
              <label htmlFor="pesan-waktu">{T.sendAt}</label>
              <Input
                id="pesan-waktu" type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)}
                status={fieldError('sendAt') ? 'error' : undefined} {...describe('sendAt')}
              />
            </>
          )}
          {errorLine('sendAt')}
        </fieldset>

        {refusal.alert && <Alert type="error" showIcon title={fill(T.failed, { reason: refusal.alert })} />}
        <div className="messages-actions">
          <Button onClick={showPreview} loading={busy === 'preview'} disabled={busy !== null && busy !== 'preview'}>{T.preview}</Button>
          <Button onClick={sendTest} loading={busy === 'test'} disabled={busy !== null && busy !== 'test'}>{T.test}</Button>
          <Button type="primary" htmlType="submit" loading={busy === 'send'} disabled={busy !== null && busy !== 'send'}>{later ? T.schedule : T.send}</Button>
        </div>
      </form>
    </section>
  );
}
