import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_CODE_PATTERN, SEATS_MSG, type TicketInput } from '@eo/contract';
import type { TicketContext } from '../ticket-issues';
import { renderInApp } from '../../../../test/render-page';
import { TicketModal } from './TicketModal';


const ctx: TicketContext = { isPaidEvent: true, internal: true, registrationMethod: 'internal', today: '2026-11-21' };
const ticket: TicketInput = {
  name: 'Reguler', originalQuotaType: 'limited', originalQuota: 5, type: 'paid', price: 50000, fakePrice: null,
  maxTicketPerUser: 2, eventTimeType: 'Single Time', eventTimeSingle: { startHour: '09:00', endHour: '12:00' },
  dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }],
  registrationDeadline: { date: '2026-12-09', hour: '23:00' }, registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
};

function renderModal(initial: TicketInput | null, onSave: (t: TicketInput) => void = vi.fn(), more: { ctx?: TicketContext; eventId?: string } = {}) {
  const user = userEvent.setup({ delay: null });
  renderInApp(<TicketModal open initial={initial} ctx={more.ctx ?? ctx} eventId={more.eventId} onSave={onSave} onCancel={() => {}} />);
  return { user };
}
// Role queries are slow on antd's large DOM in jsdom; text lookups keep the tests fast (the e2e tests use roles).
const button = (text: string, root: HTMLElement = document.body) => within(root).getByText(text).closest('button') as HTMLButtonElement;
const saveButton = () => button('Simpan');

describe('TicketModal (paid event, internal registration)', () => {
  it('keeps Simpan disabled until the category is complete, then hands back the ticket', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(null, onSave);
    screen.getByText('Tambah Kategori Peserta');
    expect((screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Tanggal Batas Pendaftaran') as HTMLInputElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Nama Kategori'), '  Early Bird ');
    await user.click(screen.getByLabelText('Terbatas'));
    await user.type(screen.getByLabelText('Jumlah Tiket'), '100');
    await user.type(screen.getByLabelText('Tanggal Event 1'), '10 Des 2026{Enter}');
    await user.type(screen.getByLabelText('Tanggal Batas Pendaftaran'), '9 Des 2026{Enter}');
    await user.type(screen.getByLabelText('Jam Batas Pendaftaran'), '23:00{Enter}');
    const price = screen.getByLabelText('Harga Tiket');
    expect((price as HTMLInputElement).value).toBe('Rp 1.000');
    // The form's default 1000 is under the paid minimum: the rule's message shows once touched.
    await user.clear(price);
    await user.type(price, '9000');
    await user.tab();
    screen.getByText('Minimal harga tiket berbayar Rp10.000');
    expect(saveButton().disabled).toBe(true);
    await user.clear(price);
    await user.type(price, '75000');
    await user.tab();

    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][0]).toMatchObject({
      name: 'Early Bird', originalQuotaType: 'limited', originalQuota: 100, maxTicketPerUser: -1,
      type: 'paid', price: 75000, fakePrice: null, eventTimeType: 'Single Time',
      dates: [{ date: '2026-12-10', startHour: null, endHour: null }],
      registrationDeadline: { date: '2026-12-09', hour: '23:00' }, registrationSteps: [],
    });
  }, 20_000);

  it('refuses a max per account above the quota', async () => {
    const { user } = renderModal(ticket);
    screen.getByText('Edit Kategori Peserta');
    expect(saveButton().disabled).toBe(false);
    const max = screen.getByLabelText('Maks. tiket per akun');
    await user.clear(max);
    await user.type(max, '9');
    await screen.findByText("Can't be larger than the ticket quantity");
    expect(saveButton().disabled).toBe(true);
  });

  it('shows a missing name under the field once it was left empty', async () => {
    const { user } = renderModal(null);
    expect(screen.queryByText('Missing ticket name')).toBeNull();
    await user.click(screen.getByLabelText('Nama Kategori'));
    await user.tab();
    screen.getByText('Missing ticket name');
  });

  it('asks a radio question for two named options and keeps Simpan disabled until then', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(ticket, onSave);
    await user.click(button('Tambah Pertanyaan'));
    await user.type(screen.getByLabelText('Pertanyaan 1'), 'Ukuran kaos');
    await user.click(screen.getByLabelText('Tipe Jawaban'));
    await user.click(await screen.findByTitle('Pilihan Ganda'));
    expect(saveButton().disabled).toBe(true);
    screen.getByText('Missing option');
    screen.getByText('At least 2 option must be made');
    await user.type(screen.getByLabelText('Pilihan 1'), 'S');
    await user.click(button('Tambah Pilihan'));
    await user.type(screen.getByLabelText('Pilihan 2'), 'M');

    await user.click(button('Preview'));
    // antd gives every dialog the same title id under NODE_ENV=test, so the dialog is found by its content.
    const preview = (await screen.findByText('Contoh tampilan')).closest<HTMLElement>('[role=dialog]')!;
    within(preview).getByText('Preview Pertanyaan');
    within(preview).getByLabelText('M');
    await user.click(button('Tutup', preview));

    await user.click(saveButton());
    expect(onSave.mock.calls[0][0].registrationSteps).toEqual([{
      name: 'Ukuran kaos', description: null, type: 'radio', isRequired: true, isGeneral: false, isTicketBuyerOnly: false,
      options: [{ name: 'S', optionOrderNumber: 1 }, { name: 'M', optionOrderNumber: 2 }], stepOrderNumber: 1, maxFiles: null, accept: null,
    }]);
  }, 20_000);

  it('shows the spec message when saving fails', async () => {
    const { user } = renderModal(ticket, () => { throw new Error('boom'); });
    await user.click(saveButton());
    await screen.findByText('Problem occured when adding custom question');
  });
});

describe('TicketModal seat settings (internal registration)', () => {
  const codeInput = () => screen.getByLabelText('Kode akses') as HTMLInputElement;
  // Approval and the waiting list are for free tickets.
  const free: TicketInput = { ...ticket, type: 'free', price: 0 };

  it('saves approval and the waiting list as switched on', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(free, onSave);
    screen.getByText('Pendaftar menunggu persetujuan panitia sebelum mendapat e-tiket; belum memakai kuota.');
    await user.click(screen.getByLabelText('Butuh persetujuan'));
    await user.click(screen.getByLabelText('Daftar tunggu'));
    await user.click(saveButton());
    expect(onSave.mock.calls[0][0]).toMatchObject({ requiresApproval: true, waitlist: true, accessCode: null });
  });

  it('offers the waiting list only for a limited quota, and neither it nor approval for a paid ticket', async () => {
    renderModal(ticket);
    expect(screen.queryByLabelText('Butuh persetujuan')).toBeNull();
    expect(screen.queryByLabelText('Daftar tunggu')).toBeNull();
    expect(screen.getByLabelText('Tiket tersembunyi')).toBeTruthy();
    cleanup();
    const { user } = renderModal(free);
    await user.click(screen.getByLabelText('Tidak Terbatas'));
    expect(screen.queryByLabelText('Daftar tunggu')).toBeNull();
  });

  it('refuses to save a hidden ticket without a valid code, and says why under the field', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(ticket, onSave);
    await user.click(screen.getByLabelText('Tiket tersembunyi'));
    expect(codeInput().value).toBe('');
    expect(saveButton().disabled).toBe(true);
    screen.getByText(SEATS_MSG.accessCode);
    // Judged as typed: a good code clears the message, a space brings it back.
    await user.type(codeInput(), 'VIP2026');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await waitFor(() => expect(screen.queryByText(SEATS_MSG.accessCode)).toBeNull());
    await user.type(codeInput(), ' B');
    await screen.findByText(SEATS_MSG.accessCode);
    expect(saveButton().disabled).toBe(true);
    await user.click(saveButton());
    expect(onSave).not.toHaveBeenCalled();
    // The link waits for the event to be stored.
    screen.getByText('Link tiket muncul setelah event disimpan.');
  });

  it('generates a valid code, shows the event link with it, and forgets the code when switched off', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(ticket, onSave, { eventId: 'e-42' });
    await user.click(screen.getByLabelText('Tiket tersembunyi'));
    await user.click(button('Buat kode acak'));
    const code = codeInput().value;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    // A stored category shows its problems at once: the empty code's message goes with the code.
    await waitFor(() => expect(screen.queryByText(SEATS_MSG.accessCode)).toBeNull());
    screen.getByText(`${window.location.origin}/e/e-42?kode=${code}`);
    expect(screen.queryByText('Link tiket muncul setelah event disimpan.')).toBeNull();

    await user.click(screen.getByLabelText('Tiket tersembunyi'));
    expect(screen.queryByLabelText('Kode akses')).toBeNull();
    await user.click(saveButton());
    expect(onSave.mock.calls[0][0].accessCode).toBeNull();
  });

  it('saves a generated code', async () => {
    const onSave = vi.fn();
    const { user } = renderModal(ticket, onSave);
    await user.click(screen.getByLabelText('Tiket tersembunyi'));
    await user.click(button('Buat kode acak'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(onSave.mock.calls[0][0].accessCode).toBe(codeInput().value);
    expect(onSave.mock.calls[0][0].accessCode).toMatch(ACCESS_CODE_PATTERN);
  });

  it('opens a stored hidden ticket with its settings', () => {
    renderModal({ ...free, requiresApproval: true, waitlist: true, accessCode: 'VIP2026' });
    expect(screen.getByLabelText('Butuh persetujuan').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText('Daftar tunggu').getAttribute('aria-checked')).toBe('true');
    expect(codeInput().value).toBe('VIP2026');
  });

  it('asks none of them for external registration', () => {
    renderModal(ticket, vi.fn(), { ctx: { isPaidEvent: false, internal: false, registrationMethod: 'external', today: '2026-11-21' } });
    expect(screen.queryByLabelText('Butuh persetujuan')).toBeNull();
    expect(screen.queryByLabelText('Tiket tersembunyi')).toBeNull();
  });
});
