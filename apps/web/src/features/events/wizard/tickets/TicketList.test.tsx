import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketInput } from '@eo/contract';
import type { TicketContext } from '../ticket-issues';
import { renderInApp } from '../../../../test/render-page';
import { TicketList } from './TicketList';


const ctx: TicketContext = { isPaidEvent: true, internal: true, registrationMethod: 'internal', today: '2026-11-21' };
const complete: TicketInput = {
  id: '7b0f7a57-3f5e-4c43-9d1e-2f4a1c1d0e01', name: 'Kategori dengan nama yang sangat panjang sekali', originalQuotaType: 'unlimited',
  originalQuota: -1, type: 'free', price: 0, maxTicketPerUser: -1, eventTimeType: 'Single Time',
  dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }, { date: '2026-12-12', startHour: '09:00', endHour: '12:00' }],
  registrationDeadline: { date: '2026-12-09', hour: '23:00' }, registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
};
const incomplete: TicketInput = { name: 'VIP', originalQuotaType: 'limited', originalQuota: 10, type: 'paid', price: 100000, dates: [], registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null, };

const renderList = (value: TicketInput[], props: Partial<Parameters<typeof TicketList>[0]> = {}) => {
  const onChange = vi.fn();
  renderInApp(<TicketList value={value} onChange={onChange} ctx={ctx} {...props} />);
  return { onChange, user: userEvent.setup({ delay: null }) };
};

describe('TicketList', () => {
  it('summarises each category and marks the incomplete one', () => {
    renderList([complete, incomplete]);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByTitle(complete.name!).textContent).toBe('Kategori dengan nama yang sang…');
    within(first).getByText('Gratis');
    within(first).getByText('Unlimited');
    within(first).getByText('10 Des 2026 – 12 Des 2026, 09:00–12:00 WIB');
    expect(within(first).queryByText('Lengkapi data kategori ini')).toBeNull();
    within(second).getByText('Rp100.000,00');
    within(second).getByText('Lengkapi data kategori ini');
  });

  it('tags the seat settings of a category on its card', () => {
    renderList([{ ...complete, requiresApproval: true, accessCode: 'VIP2026' }, incomplete]);
    const [first, second] = screen.getAllByRole('listitem');
    within(first).getByText('Butuh persetujuan');
    within(first).getByText('Tersembunyi');
    expect(within(first).queryByText('Daftar tunggu')).toBeNull();
    expect(within(second).queryByText('Butuh persetujuan')).toBeNull();
  });

  it('deletes a category after confirmation', async () => {
    const { onChange, user } = renderList([complete, incomplete]);
    await user.click(screen.getByRole('button', { name: 'Hapus VIP' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Hapus' }));
    expect(onChange).toHaveBeenCalledWith([complete]);
  });

  it('locks quota type and dates of a stored category, with the reason', async () => {
    const locks = { quotaType: 'Quota type cannot be changed after the event is submitted', dates: 'Event dates cannot be changed after the event is submitted' };
    const { user } = renderList([complete], { lockExisting: locks });
    await user.click(screen.getByText('Edit').closest('button')!);
    screen.getByText('Edit Kategori Peserta');
    expect((screen.getByLabelText('Tanggal Event 1') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Terbatas') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText(locks.dates).length).toBeGreaterThan(0);
    screen.getByText(locks.quotaType);
  });

  it('is read-only when disabled', () => {
    renderList([complete], { disabled: true });
    expect((screen.getByRole('button', { name: /Tambah Kategori Peserta/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /^Edit/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
