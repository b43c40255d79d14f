import { describe, expect, it } from 'vitest';
import type { TicketInput } from '@eo/contract';
import { datesLabel, deadlineLabel, priceLabel, quotaLabel, seatTags, shortName } from './ticket-summary';

const t = (over: Partial<TicketInput>): TicketInput => ({ dates: [], registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null, ...over });

describe('participant-category card texts', () => {
  it('cuts names at 30 characters', () => {
    expect(shortName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(shortName('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
  });

  it('shows a paid ticket costing nothing as free', () => {
    expect(priceLabel(t({ type: 'paid', price: 50000 }))).toBe('Rp50.000,00');
    expect(priceLabel(t({ type: 'paid', price: 0 }))).toBe('Gratis');
    expect(priceLabel(t({ type: 'free', price: 0 }))).toBe('Gratis');
  });

  it('shows quota', () => {
    expect(quotaLabel(t({ originalQuotaType: 'unlimited', originalQuota: -1 }))).toBe('Unlimited');
    expect(quotaLabel(t({ originalQuotaType: 'limited', originalQuota: 1500 }))).toBe('1.500');
  });

  it('shows the first and last date in Indonesian, with shared times in WIB', () => {
    const dates = [{ date: '2026-12-12', startHour: '09:00', endHour: '12:00' }, { date: '2026-12-10', startHour: '09:00', endHour: '12:00' }];
    expect(datesLabel(t({ dates }))).toBe('10 Des 2026 – 12 Des 2026, 09:00–12:00 WIB');
    expect(datesLabel(t({ dates: [{ date: '2026-12-10' }] }))).toBe('10 Des 2026');
    expect(datesLabel(t({}))).toBe('-');
    expect(deadlineLabel(t({ registrationDeadline: { date: '2026-12-09', hour: '23:00' } }))).toBe('9 Des 2026 23:00 WIB');
  });

  it('names the seat settings a category has', () => {
    expect(seatTags(t({}))).toEqual([]);
    expect(seatTags(t({ requiresApproval: true, waitlist: true, accessCode: 'VIP2026' }))).toEqual(['Butuh persetujuan', 'Daftar tunggu', 'Tersembunyi']);
  });
});
