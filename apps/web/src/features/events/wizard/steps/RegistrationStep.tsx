import { useState } from 'react';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { changeRegistration, OWN_MSG, type RegistrationState, WIZARD_TEXT as T } from '@eo/contract';
import { CancellationDeadlineInput } from '../components/CancellationDeadlineInput';
import { SessionsEditor } from '../sessions/SessionsEditor';
import { TicketList } from '../tickets/TicketList';
import { Field, SELF_MANAGED, useWizard } from '../wizard-context';
import type { WizardValues } from '../wizard-values';
import { LIMIT } from '../limits';

/** Step 2: paid or free (with the paid-event agreement), registration, participant categories, sessions. */
export function RegistrationStep() {
  const { form, issueCtx, locks, eventId } = useWizard();
  const [askPaid, setAskPaid] = useState(false);
  // The paid categories that switching to free would delete (0: nothing to ask).
  const [askFree, setAskFree] = useState(0);
  const isPaidEvent = Form.useWatch('isPaidEvent', { form, preserve: true }) as boolean | null;
  const allowRegister = Form.useWatch('allowRegister', { form, preserve: true }) as boolean | null;
  const method = Form.useWatch('registrationMethod', { form, preserve: true }) as WizardValues['registrationMethod'];

  /** Spec section 4: paid/free and method changes clear the tickets; no registration clears the method. */
  const apply = (change: Partial<Omit<RegistrationState, 'tickets'>>) => {
    const v = form.getFieldsValue(true) as WizardValues;
    const next = changeRegistration(
      { isPaidEvent: v.isPaidEvent, allowRegister: v.allowRegister, registrationMethod: v.registrationMethod, tickets: v.tickets },
      change,
    );
    form.setFieldsValue(next);
    void form.validateFields(Object.keys(change).map((k) => [k])).catch(() => undefined);
  };

  // Spec section 1: paid tickets are sold through the platform, so the other choices close.
  const paidHint = isPaidEvent && !locks.registrationMethod ? OWN_MSG.paidNeedsInternal : undefined;

  const onPaid = (paid: boolean) => {
    if (paid && isPaidEvent !== true) return setAskPaid(true);
    // Leaving paid deletes the categories and their questions: asked first, as the switch to paid is.
    const tickets = (form.getFieldValue('tickets') as WizardValues['tickets'] | undefined)?.length ?? 0;
    if (!paid && isPaidEvent === true && tickets > 0) return setAskFree(tickets);
    apply({ isPaidEvent: paid });
  };

  return (
    <>
      <Field field="isPaidEvent" label={T.eventType} required lock="isPaidEvent" {...SELF_MANAGED}>
        <Radio.Group
          aria-label={T.eventType} value={isPaidEvent} onChange={(e) => onPaid(e.target.value)}
          options={[{ value: false, label: T.free }, { value: true, label: T.paid }]}
        />
      </Field>
      <Modal
        open={askPaid} title={T.paidTitle} okText={T.paidNext} cancelText={T.paidCancel}
        onOk={() => {
          setAskPaid(false);
          apply({ isPaidEvent: true });
        }}
        // Cancelling the agreement keeps (or makes) the event free.
        onCancel={() => {
          setAskPaid(false);
          apply({ isPaidEvent: false });
        }}
      >
        {T.paidBody.map((p) => <Typography.Paragraph key={p}>{p}</Typography.Paragraph>)}
      </Modal>
      <Modal
        open={askFree > 0} title={T.freeTitle} okText={T.freeNext} cancelText={T.paidCancel} okButtonProps={{ danger: true }}
        onOk={() => {
          setAskFree(0);
          apply({ isPaidEvent: false });
        }}
        // Cancelling keeps the event paid, its categories untouched.
        onCancel={() => setAskFree(0)}
      >
        <Typography.Paragraph>{T.freeBody(askFree)}</Typography.Paragraph>
      </Modal>

      <Field field="allowRegister" label={T.allowRegister} lock="registrationMethod" required extra={paidHint} {...SELF_MANAGED}>
        <Radio.Group
          aria-label={T.allowRegister} value={allowRegister} onChange={(e) => apply({ allowRegister: e.target.value })}
          disabled={Boolean(locks.registrationMethod)}
          options={[{ value: true, label: T.yes }, { value: false, label: T.no, disabled: Boolean(isPaidEvent) }]}
        />
      </Field>
      {allowRegister && (
        <Field field="registrationMethod" label={T.registrationMethod} lock="registrationMethod" required {...SELF_MANAGED}>
          <Radio.Group
            aria-label={T.registrationMethod} value={method} onChange={(e) => apply({ registrationMethod: e.target.value })}
            disabled={Boolean(locks.registrationMethod)}
            options={[{ value: 'internal', label: T.internal }, { value: 'external', label: T.external, disabled: Boolean(isPaidEvent) }]}
          />
        </Field>
      )}
      {allowRegister && method === 'external' && (
        <Field field="registrationUrl" label={T.registrationUrl} required>
          <Input maxLength={LIMIT.url} placeholder="https://" />
        </Field>
      )}
      {allowRegister && (
        <Field field="tickets" label={T.tickets} required>
          <TicketList
            ctx={{ isPaidEvent: Boolean(isPaidEvent), internal: method === 'internal', registrationMethod: method, ...issueCtx }}
            lockExisting={locks.dates && locks.originalQuotaType ? { quotaType: locks.originalQuotaType, dates: locks.dates } : null}
            eventId={eventId}
          />
        </Field>
      )}
      {allowRegister && method === 'internal' && (
        <Field field="cancellationDeadline" label={T.cancellationDeadline} extra={T.cancellationHint}>
          <CancellationDeadlineInput today={issueCtx.today} />
        </Field>
      )}
      <SessionsEditor />
    </>
  );
}
