import { describe, expect, it } from 'vitest';
import { SEATS_MSG, type TicketInput } from '@eo/contract';
import { ticketIssues, type TicketContext } from './ticket-issues';

const ctx: TicketContext = { isPaidEvent: true, internal: true, registrationMethod: 'internal', today: '2026-11-21' };
const ticket = (over: Partial<TicketInput> = {}): TicketInput => ({
  name: 'Reguler', originalQuotaType: 'limited', originalQuota: 100, type: 'paid', price: 50000, maxTicketPerUser: 2,
  dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }], eventTimeType: 'Single Time',
  registrationDeadline: { date: '2026-12-09', hour: '23:00' }, registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null, ...over,
});

describe('ticketIssues (the participant-category modal)', () => {
  it('has nothing to say about a complete ticket', () => {
    expect([...ticketIssues(ticket(), ctx)]).toEqual([]);
  });

  it('asks for the required fields with the spec messages', () => {
    const issues = ticketIssues(ticket({ name: '', originalQuotaType: null, dates: [], registrationDeadline: null, price: null }), ctx);
    expect(issues.get('name')).toEqual(['Missing ticket name']);
    expect(issues.get('originalQuotaType')).toEqual(['Missing quota type']);
    expect(issues.get('dates')).toEqual(['Missing event date']);
    expect(issues.get('registrationDeadline.date')).toEqual(['Missing deadline date']);
    expect(issues.get('registrationDeadline.hour')).toEqual(['Missing deadline time']);
    expect(issues.get('price')).toEqual(['Missing ticket price']);
  });

  it('applies the deadline rule: an event date first, and not after the start of the last event date', () => {
    expect(ticketIssues(ticket({ dates: [] }), ctx).get('registrationDeadline.date')).toEqual(['You must fill event date first']);
    const late = ticket({ registrationDeadline: { date: '2026-12-10', hour: '10:00' } });
    expect(ticketIssues(late, ctx).get('registrationDeadline.date')).toEqual(['Registration deadline must be set before last event date']);
    expect(ticketIssues(ticket({ registrationDeadline: { date: '2026-12-10', hour: '09:00' } }), ctx).size).toBe(0);
  });

  it('refuses a paid price under 10000 or off the 1000 step, and max per account above the quota', () => {
    expect(ticketIssues(ticket({ price: 9000 }), ctx).get('price')).toEqual(['Minimal harga tiket berbayar Rp10.000']);
    expect(ticketIssues(ticket({ price: 10500 }), ctx).get('price')).toEqual(['Harga tiket harus kelipatan Rp1.000']);
    expect(ticketIssues(ticket({ maxTicketPerUser: 101 }), ctx).get('maxTicketPerUser')).toEqual(["Can't be larger than the ticket quantity"]);
    expect(ticketIssues(ticket({ originalQuota: 1_000_000_000 }), ctx).get('originalQuota')).toEqual(['Invalid data (Max 9 Digit)']);
  });

  it('floors a price before judging it', () => {
    expect(ticketIssues(ticket({ price: 10000.9 }), ctx).size).toBe(0);
  });

  it('refuses past event dates and equal start and end times', () => {
    const issues = ticketIssues(ticket({ dates: [{ date: '2026-11-20', startHour: '09:00', endHour: '09:00' }], registrationDeadline: { date: '2026-11-19', hour: '08:00' } }), ctx);
    expect(issues.get('dates.0.date')).toEqual(["Event date can't be before today"]);
    expect(issues.get('dates.0.endHour')).toEqual(["Start time and end time can't be same"]);
  });

  it('refuses a hidden ticket whose code is empty or not 4-32 letters and digits', () => {
    for (const accessCode of ['', 'ab', 'kode rahasia', 'KODE-1']) {
      expect(ticketIssues(ticket({ accessCode }), ctx).get('accessCode')).toEqual([SEATS_MSG.accessCode]);
    }
    expect(ticketIssues(ticket({ accessCode: 'VIP2026' }), ctx).size).toBe(0);
  });

  it('checks the custom questions', () => {
    const issues = ticketIssues(ticket({ registrationSteps: [{ name: '', type: 'radio', options: [{ name: '' }], isGeneral: false, isRequired: true, isTicketBuyerOnly: false }] }), ctx);
    expect(issues.get('registrationSteps.0.name')).toEqual(['Missing question']);
    expect(issues.get('registrationSteps.0.options')).toEqual(['At least 2 option must be made']);
    expect(issues.get('registrationSteps.0.options.0.name')).toEqual(['Missing option']);
  });
});
