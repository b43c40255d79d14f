import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { SESSION_MSG, type EventPayloadInput, type IssueContext } from '@eo/contract';
import { renderInApp } from '../../../../test/render-page';
import { useWizardSteps } from '../hooks/use-wizard-steps';
import { RegistrationStep } from '../steps/RegistrationStep';
import { WizardProvider } from '../wizard-context';
import { emptyValues, toPayload, type WizardValues } from '../wizard-values';
import { emptySessionRow, sessionRow, type SessionRow } from './session-rows';

const ctx: IssueContext = { today: '2026-11-21' };
const STORED_ID = '00000000-0000-4000-8000-00000000005e';

/** A free event with internal registration, one category on 10 Dec 2026 08:00–17:00 WIB. */
const values = (sessions: SessionRow[]): WizardValues => ({
  ...emptyValues(), isPaidEvent: false, allowRegister: true, registrationMethod: 'internal',
  tickets: [{
    name: 'Umum', originalQuotaType: 'unlimited', originalQuota: -1, type: 'free', price: 0, maxTicketPerUser: -1,
    dates: [{ date: '2026-12-10', startHour: '08:00', endHour: '17:00' }], registrationDeadline: { date: '2026-12-09', hour: '23:00' },
    registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
  }],
  sessions,
});

/** The registration step inside the wizard's real step logic, with NEXT and a save that records the payload. */
function Wizard({ initial, sent }: { initial: WizardValues; sent: EventPayloadInput[] }) {
  const [form] = Form.useForm<WizardValues>();
  const { current, goTo } = useWizardSteps(form, ctx, 1);
  return (
    <WizardProvider value={{ form, issueCtx: ctx, locks: {}, eventId: 'e1', editing: true }}>
      <Form form={form} layout="vertical" initialValues={initial}>{current === 1 ? <RegistrationStep /> : <p>step {current}</p>}</Form>
      <button type="button" onClick={() => void goTo(current + 1)}>NEXT</button>
      <button type="button" onClick={() => sent.push(toPayload(form.getFieldsValue(true) as WizardValues))}>save</button>
    </WizardProvider>
  );
}

function renderWizard(sessions: SessionRow[]) {
  const sent: EventPayloadInput[] = [];
  renderInApp(<Wizard initial={values(sessions)} sent={sent} />);
  return { user: userEvent.setup({ delay: null }), sent };
}

/** The form item (control and its message) of a labelled control. */
const itemOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

async function fillRow(user: ReturnType<typeof userEvent.setup>, n: number, name: string, start: string, end: string) {
  await user.type(screen.getByLabelText(`Nama sesi ${n}`), name);
  await user.type(screen.getByLabelText(`Tanggal sesi ${n}`), '10 Des 2026{Enter}');
  await user.type(screen.getByLabelText(`Jam mulai sesi ${n}`), `${start}{Enter}`);
  await user.type(screen.getByLabelText(`Jam selesai sesi ${n}`), `${end}{Enter}`);
}

describe('SessionsEditor', () => {
  it('adds, fills and removes sessions; saves WIB instants and keeps a loaded session\'s id', async () => {
    const loaded = sessionRow({ id: STORED_ID, name: 'Registrasi', startsAt: '2026-12-10T01:00:00.000Z', endsAt: '2026-12-10T01:30:00.000Z' });
    const { user, sent } = renderWizard([loaded]);
    screen.getByText(/Opsional\. Bagi event menjadi beberapa sesi/);
    expect((screen.getByLabelText('Jam mulai sesi 1') as HTMLInputElement).value).toBe('08:00');

    await user.click(screen.getByRole('button', { name: /Tambah sesi/ }));
    await user.click(screen.getByRole('button', { name: /Tambah sesi/ }));
    await fillRow(user, 2, 'Pembukaan', '09:00', '10:00');
    await fillRow(user, 3, 'Materi 1', '10:00', '12:00');
    await user.click(screen.getByRole('button', { name: 'Hapus sesi Pembukaan' }));
    expect(screen.queryByRole('button', { name: 'Hapus sesi Pembukaan' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(sent[0].sessions).toEqual([
      { id: STORED_ID, name: 'Registrasi', startsAt: '2026-12-10T08:00:00+07:00', endsAt: '2026-12-10T08:30:00+07:00' },
      { name: 'Materi 1', startsAt: '2026-12-10T10:00:00+07:00', endsAt: '2026-12-10T12:00:00+07:00' },
    ]);
    // Valid: NEXT leaves the step.
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await screen.findByText('step 2');
  });

  it('shows the contract\'s message under the end time after NEXT when a session ends before it starts', async () => {
    const { user } = renderWizard([{ id: null, name: 'Penutupan', date: '2026-12-10', startHour: '15:00', endHour: '14:00' }]);
    expect(screen.queryByText(SESSION_MSG.endBeforeStart)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await waitFor(() => within(itemOf('Jam selesai sesi 1')).getByText(SESSION_MSG.endBeforeStart));
    expect(within(itemOf('Jam mulai sesi 1')).queryByText(SESSION_MSG.endBeforeStart)).toBeNull();
    screen.getByLabelText('Nama sesi 1');
  });

  it('asks for the day of a session left without one, under the day', async () => {
    const { user } = renderWizard([{ ...emptySessionRow(), name: 'Sesi pagi' }]);
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await waitFor(() => within(itemOf('Tanggal sesi 1')).getByText(SESSION_MSG.startsAt));
  });
});
