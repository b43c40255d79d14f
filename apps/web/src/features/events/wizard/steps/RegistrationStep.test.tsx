import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { SEATS_MSG } from '@eo/contract';
import { renderInApp } from '../../../../test/render-page';
import { WizardProvider } from '../wizard-context';
import { emptyValues, type WizardValues } from '../wizard-values';
import { RegistrationStep } from './RegistrationStep';

/** A free event with internal registration and one category on 10 Dec 2026 from 09:00 WIB. */
const values = (over: Partial<WizardValues> = {}): WizardValues => ({
  ...emptyValues(), isPaidEvent: false, allowRegister: true, registrationMethod: 'internal',
  tickets: [{
    name: 'Umum', originalQuotaType: 'unlimited', originalQuota: -1, type: 'free', price: 0, maxTicketPerUser: -1,
    dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }], registrationDeadline: { date: '2026-12-09', hour: '23:00' },
    registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
  }],
  ...over,
});

/** The step in its wizard, with the stored deadline written out to read it back. */
function Step({ initial }: { initial: WizardValues }) {
  const [form] = Form.useForm<WizardValues>();
  const stored = Form.useWatch('cancellationDeadline', { form, preserve: true }) as string | null | undefined;
  return (
    <WizardProvider value={{ form, issueCtx: { today: '2026-11-21' }, locks: {}, eventId: null, editing: false }}>
      <Form form={form} layout="vertical" initialValues={initial}><RegistrationStep /></Form>
      <output data-testid="stored">{String(stored)}</output>
    </WizardProvider>
  );
}

function renderStep(initial: WizardValues) {
  renderInApp(<Step initial={initial} />);
  return { user: userEvent.setup({ delay: null }), deadline: () => screen.getByTestId('stored').textContent };
}

const pickers = () => screen.getByLabelText('Tanggal batas pembatalan').closest<HTMLElement>('.wizard-pair')!;

describe('RegistrationStep: cancellation deadline', () => {
  it('writes the WIB date and time as an ISO instant', async () => {
    const { user, deadline } = renderStep(values());
    screen.getByText('Kosongkan: peserta bisa membatalkan sampai event dimulai.');
    expect((screen.getByLabelText('Jam batas pembatalan') as HTMLInputElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Tanggal batas pembatalan'), '9 Des 2026{Enter}');
    // A date alone closes at the end of that day.
    await waitFor(() => expect(deadline()).toBe('2026-12-09T16:59:00.000Z'));
    const hour = screen.getByLabelText('Jam batas pembatalan');
    await user.clear(hour);
    await user.type(hour, '18:00{Enter}');
    await waitFor(() => expect(deadline()).toBe('2026-12-09T11:00:00.000Z'));
  });

  it('writes null once the date is cleared', async () => {
    const { deadline } = renderStep(values({ cancellationDeadline: '2026-12-09T11:00:00.000Z' }));
    expect((screen.getByLabelText('Tanggal batas pembatalan') as HTMLInputElement).value).toBe('9 Des 2026');
    expect((screen.getByLabelText('Jam batas pembatalan') as HTMLInputElement).value).toBe('18:00');
    // The picker's clear button shows on hover only (pointer-events: none until then).
    const clear = within(pickers()).getAllByRole('button', { name: 'Bersih' })[0];
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(deadline()).toBe('null'));
    expect((screen.getByLabelText('Jam batas pembatalan') as HTMLInputElement).value).toBe('');
  });

  it('shows the contract\'s message under the field for a deadline after the event starts', async () => {
    const { user } = renderStep(values());
    await user.type(screen.getByLabelText('Tanggal batas pembatalan'), '10 Des 2026{Enter}');
    await screen.findByText(SEATS_MSG.cancellationAfterStart);
  });

  it('is not asked for external registration', () => {
    renderStep(values({ registrationMethod: 'external', registrationUrl: 'https://daftar.example.org' }));
    expect(screen.queryByLabelText('Tanggal batas pembatalan')).toBeNull();
  });
});
