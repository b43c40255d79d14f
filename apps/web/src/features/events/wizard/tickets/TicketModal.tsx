import { useId, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, message as staticMessage, Modal } from 'antd';
import type { TicketInput } from '@eo/contract';
import { ticketIssues, type TicketContext } from '../ticket-issues';
import { DateFields } from './DateFields';
import { useFieldIssues } from './field-issues';
import { PriceFields } from './PriceFields';
import { QuestionEditor } from './QuestionEditor';
import { QuotaFields } from './QuotaFields';
import { SeatFields } from './SeatFields';
import { LIMITS } from './question-form';
import { fromTicket, keepLocked, saveTicket, toTicket, unplacedIssues, type TicketForm } from './ticket-form';
import './tickets.css';
import { TICKET_TEXT as T } from '@eo/contract';

export interface ExistingLocks { quotaType: string; dates: string }

export interface TicketModalProps {
  open: boolean;
  /** The ticket to edit, or null to add one. */
  initial: TicketInput | null;
  ctx: TicketContext;
  /** When a string (the reason), a stored ticket (with an id) keeps its quota type and dates. */
  /** Why a stored category's quota type and dates cannot change (editing a submitted event). */
  lockExisting?: ExistingLocks | null;
  /** The stored event's id (editing), for a hidden ticket's link; null for a new event. */
  eventId?: string | null;
  onSave: (t: TicketInput) => void;
  onCancel: () => void;
}

/** Add or edit one participant category (spec section 2, "add/edit participant category"). */
export function TicketModal(props: TicketModalProps) {
  const { open, initial, onCancel } = props;
  // A fresh editor for every opening, so a cancelled edit leaves nothing behind.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((s) => s + 1);
  }
  return (
    <Modal
      title={initial ? T.editTitle : T.add} open={open} onCancel={onCancel} footer={null} destroyOnHidden
      width={{ xs: '100%', sm: 720 }} className="ticket-modal" mask={{ closable: false }}
    >
      <TicketEditor key={session} {...props} />
    </Modal>
  );
}

function TicketEditor({ initial, ctx, lockExisting, eventId = null, onSave, onCancel }: TicketModalProps) {
  const app = App.useApp();
  // Outside antd's <App> the hook has no message API; the static one still works.
  const notify = typeof app.message.error === 'function' ? app.message : staticMessage;
  const idBase = `ticket${useId().replace(/:/g, '')}`;
  const [form, setForm] = useState<TicketForm>(() => fromTicket(initial, ctx));
  const patch = (p: Partial<TicketForm>) => setForm((f) => ({ ...f, ...p }));
  const issues = useMemo(() => ticketIssues(toTicket(form, ctx), ctx), [form, ctx]);
  // An existing ticket shows all its problems at once: it was probably opened to fix them.
  const { status, touch, attempted, attempt } = useFieldIssues(issues, initial !== null);
  const lock = lockExisting && initial?.id ? lockExisting : undefined;
  const invalid = issues.size > 0;
  const unplaced = attempted ? unplacedIssues(issues) : [];
  const section = { form, patch, status, touch, idBase };

  const save = () => {
    if (invalid) return attempt();
    const out = saveTicket(form, ctx);
    try {
      onSave(lock && initial ? keepLocked(out, initial) : out);
    } catch {
      notify.error(T.saveFailed);
    }
  };

  return (
    <Form layout="vertical" component="div" className="ticket-form">
      <Form.Item label={T.name} htmlFor={`${idBase}-name`} required {...status('name')}>
        <Input
          id={`${idBase}-name`} value={form.name} maxLength={LIMITS.name} showCount placeholder={T.namePlaceholder}
          onChange={(e) => { patch({ name: e.target.value }); touch('name'); }} onBlur={() => touch('name')}
        />
      </Form.Item>
      {ctx.internal && <QuotaFields {...section} lockReason={lock?.quotaType} />}
      <DateFields {...section} today={ctx.today} lockReason={lock?.dates} />
      {ctx.isPaidEvent && <PriceFields {...section} />}
      {ctx.internal && <SeatFields {...section} eventId={eventId} />}
      <QuestionEditor questions={form.questions} onChange={(questions) => patch({ questions })} status={status} touch={touch} idBase={idBase} />
      {unplaced.length > 0 && (
        <Alert type="error" showIcon title={T.unplaced} description={unplaced.map((m) => <div key={m}>{m}</div>)} />
      )}
      <div className="ticket-modal-footer">
        <Button onClick={onCancel}>{T.cancel}</Button>
        {/* A disabled button gets no clicks: the wrapper turns a try into "show every message". */}
        <span onPointerDown={() => invalid && attempt()}>
          <Button type="primary" disabled={invalid} onClick={save}>{T.save}</Button>
        </span>
      </div>
    </Form>
  );
}
