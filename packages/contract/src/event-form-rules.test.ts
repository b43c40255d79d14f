import { describe, expect, it } from 'vitest';
import { changeRegistration, ticketFormIssues, toggleEligibility } from './event-form-rules.js';
import type { TicketInput } from './schemas/event-ticket.js';

const ALL = ['__PUBLIC__', '__FRESH_GRADUATE__', '__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__', '__HIGH_SCHOOL__', '__SECONDARY_SCHOOL__'];
const sorted = (xs: string[]) => [...xs].sort();

describe('toggleEligibility (spec section 4)', () => {
  it.each([
    ['ticking Everyone selects all', [], '__PUBLIC__', true, ALL],
    ['unticking Everyone clears all', ALL, '__PUBLIC__', false, []],
    ['ticking college ticks both years', [], '__COLLEGE_STUDENT__', true, ['__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__']],
    ['unticking college removes both years', ['__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__', '__HIGH_SCHOOL__'], '__COLLEGE_STUDENT__', false, ['__HIGH_SCHOOL__']],
    ['both years add college', ['__FINAL_YEAR_STUDENT__'], '__NON_FINAL_YEAR_STUDENT__', true, ['__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__']],
    ['one year unticked removes college', ['__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__'], '__FINAL_YEAR_STUDENT__', false, ['__NON_FINAL_YEAR_STUDENT__']],
    ['all ticked adds Everyone', ALL.filter((v) => v !== '__PUBLIC__' && v !== '__HIGH_SCHOOL__'), '__HIGH_SCHOOL__', true, ALL],
    ['anything unticked removes Everyone', ALL, '__SECONDARY_SCHOOL__', false, ALL.filter((v) => v !== '__PUBLIC__' && v !== '__SECONDARY_SCHOOL__')],
  ])('%s', (_label, current, value, checked, expected) => {
    expect(sorted(toggleEligibility(current, value, checked))).toEqual(sorted(expected));
  });
});

describe('changeRegistration (spec section 4)', () => {
  const ticket = { name: 'A' } as TicketInput;
  const base = { isPaidEvent: false, allowRegister: true, registrationMethod: 'internal' as const, tickets: [ticket] };

  it('choosing paid clears the tickets; choosing free again clears them too', () => {
    const paid = changeRegistration(base, { isPaidEvent: true });
    expect(paid).toMatchObject({ isPaidEvent: true, tickets: [] });
    expect(changeRegistration({ ...paid, tickets: [ticket] }, { isPaidEvent: false }).tickets).toEqual([]);
  });

  it('a paid event registers through the platform (spec section 1)', () => {
    const external = { isPaidEvent: false, allowRegister: true, registrationMethod: 'external' as const, tickets: [ticket] };
    expect(changeRegistration(external, { isPaidEvent: true })).toMatchObject({ allowRegister: true, registrationMethod: 'internal', tickets: [] });
    const none = { isPaidEvent: false, allowRegister: false, registrationMethod: null, tickets: [] };
    expect(changeRegistration(none, { isPaidEvent: true })).toMatchObject({ allowRegister: true, registrationMethod: 'internal' });
  });

  it('the same choice again keeps them', () => {
    expect(changeRegistration(base, { isPaidEvent: false }).tickets).toEqual([ticket]);
  });

  it('a new registration method clears the tickets; no registration clears the method', () => {
    expect(changeRegistration(base, { registrationMethod: 'external' }).tickets).toEqual([]);
    expect(changeRegistration(base, { allowRegister: false })).toMatchObject({ registrationMethod: null, tickets: [] });
  });
});

describe('ticketFormIssues', () => {
  const paid = { isPaidEvent: true, internal: true };
  it.each([
    ['paid price below 10.000', { type: 'paid', price: 5000 }, 'price', 'Minimal harga tiket berbayar Rp10.000'],
    ['price not a multiple of 1.000', { type: 'paid', price: 15500 }, 'price', 'Harga tiket harus kelipatan Rp1.000'],
    ['max per account above the quota', { type: 'paid', price: 10000, originalQuotaType: 'limited', originalQuota: 5, maxTicketPerUser: 6 }, 'maxTicketPerUser', "Can't be larger than the ticket quantity"],
  ])('%s', (_label, t, path, message) => {
    expect(ticketFormIssues(t as TicketInput, paid)).toEqual([{ path, message }]);
  });

  it('accepts a valid paid ticket and any free one', () => {
    expect(ticketFormIssues({ type: 'paid', price: 50000, originalQuotaType: 'limited', originalQuota: 5, maxTicketPerUser: 5 } as TicketInput, paid)).toEqual([]);
    expect(ticketFormIssues({ type: 'free', price: 0 } as TicketInput, { isPaidEvent: false, internal: true })).toEqual([]);
  });
});
