import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { TicketInput } from '@eo/contract';
import type { TicketContext } from '../ticket-issues';
import { emptyQuestion, withQuestionType } from './question-form';
import {
  dateIndexOf, floorOrNull, fromTicket, keepLocked, parseHour, saveTicket, toTicket, unplacedIssues, withTicketType, type TicketForm,
} from './ticket-form';

const paidInternal: TicketContext = { isPaidEvent: true, internal: true, registrationMethod: 'internal', today: '2026-11-21' };
const freeExternal: TicketContext = { isPaidEvent: false, internal: false, registrationMethod: 'external', today: '2026-11-21' };

const stored: TicketInput = {
  id: '7b0f7a57-3f5e-4c43-9d1e-2f4a1c1d0e01', name: 'Reguler', originalQuotaType: 'limited', originalQuota: 100, type: 'paid',
  price: 50000, fakePrice: null, maxTicketPerUser: 2, eventTimeType: 'Single Time', eventTimeSingle: null,
  dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }, { date: '2026-12-11', startHour: '09:00', endHour: '12:00' }],
  registrationDeadline: { date: '2026-12-09', hour: '23:00' }, registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
};
const form = (over: Partial<TicketForm> = {}, ctx = paidInternal): TicketForm => ({ ...fromTicket(stored, ctx), ...over });

describe('fromTicket / toTicket', () => {
  it('round-trips a stored ticket', () => {
    const back = toTicket(fromTicket(stored, paidInternal), paidInternal);
    expect(back).toMatchObject({ ...stored, eventTimeSingle: { startHour: '09:00', endHour: '12:00' } });
  });

  it('starts a new paid ticket at the default price 1000 and one empty date row', () => {
    const f = fromTicket(null, paidInternal);
    expect(f).toMatchObject({ type: 'paid', price: 1000, timeType: 'Single Time', quotaType: null });
    expect(f.dates).toHaveLength(1);
    expect(toTicket(f, paidInternal).dates).toEqual([]);
    expect(fromTicket(null, freeExternal)).toMatchObject({ type: 'free', price: null });
  });

  it('edits per date a "Single Time" ticket whose dates disagree, so nothing stored is overwritten', () => {
    const mixed = { ...stored, dates: [stored.dates[0], { date: '2026-12-11', startHour: '13:00', endHour: '15:00' }] };
    expect(fromTicket(mixed, paidInternal).timeType).toBe('Custom Time');
  });

  it('opens a paid ticket costing 0 as free, and keeps a paid one without price paid', () => {
    expect(fromTicket({ ...stored, price: 0 }, paidInternal).type).toBe('free');
    expect(fromTicket({ ...stored, price: null }, paidInternal)).toMatchObject({ type: 'paid', price: null });
    expect(fromTicket({ ...stored, type: null, price: 20000 }, paidInternal).type).toBe('paid');
    expect(fromTicket(stored, freeExternal).type).toBe('free');
  });

  it('reads -1 quota and max per account as unlimited and empty', () => {
    const f = fromTicket({ ...stored, originalQuotaType: 'unlimited', originalQuota: -1, maxTicketPerUser: -1 }, paidInternal);
    expect(f).toMatchObject({ quotaType: 'unlimited', quota: null, maxPerUser: null });
  });

  it('leaves out date rows without a date and tells which ticket index a row has', () => {
    const rows = [{ key: 'a', date: null, startHour: null, endHour: null }, { key: 'b', date: dayjs('2026-12-10'), startHour: null, endHour: null }];
    expect(toTicket(form({ dates: rows }), paidInternal).dates).toEqual([{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }]);
    expect(dateIndexOf(rows, 0)).toBeNull();
    expect(dateIndexOf(rows, 1)).toBe(0);
  });
});

describe('seat settings in the form', () => {
  const seated = { ...stored, type: 'free' as const, price: 0, requiresApproval: true, waitlist: true, accessCode: 'VIP2026' };

  it('round-trips a stored ticket\'s approval, waiting list and code', () => {
    const f = fromTicket(seated, paidInternal);
    expect(f).toMatchObject({ requiresApproval: true, waitlist: true, accessCode: 'VIP2026' });
    expect(saveTicket(f, paidInternal)).toMatchObject({ requiresApproval: true, waitlist: true, accessCode: 'VIP2026' });
  });

  it('drops approval and the waiting list of a paid ticket: seats move there, never money', () => {
    expect(toTicket({ ...fromTicket(seated, paidInternal), type: 'paid', price: 50000 }, paidInternal)).toMatchObject({ requiresApproval: false, waitlist: false, accessCode: 'VIP2026' });
  });

  it('keeps a hidden ticket\'s code as typed, even empty, so its rule can refuse it', () => {
    expect(toTicket(form({ accessCode: '' }), paidInternal).accessCode).toBe('');
    expect(toTicket(form({ accessCode: ' AB12 ' }), paidInternal).accessCode).toBe('AB12');
    expect(toTicket(form({ accessCode: null }), paidInternal).accessCode).toBeNull();
    expect(unplacedIssues(new Map([['accessCode', ['x']]]))).toEqual([]);
  });

  it('drops a waiting list without a limited quota, and every seat setting for external registration', () => {
    expect(toTicket({ ...fromTicket(seated, paidInternal), quotaType: 'unlimited' }, paidInternal).waitlist).toBe(false);
    expect(toTicket(fromTicket(seated, freeExternal), freeExternal)).toMatchObject({ requiresApproval: false, waitlist: false, accessCode: null });
  });
});

describe('saveTicket (spec section 5, on save)', () => {
  it('copies the single time into every date', () => {
    const t = saveTicket(form({ singleStart: parseHour('08:30'), singleEnd: parseHour('10:00') }), paidInternal);
    expect(t.dates.map((d) => [d.startHour, d.endHour])).toEqual([['08:30', '10:00'], ['08:30', '10:00']]);
    expect(t.eventTimeSingle).toEqual({ startHour: '08:30', endHour: '10:00' });
  });

  it('keeps per-date times for Custom Time', () => {
    const f = form({ timeType: 'Custom Time' });
    f.dates[1] = { ...f.dates[1], startHour: parseHour('13:00'), endHour: null };
    const t = saveTicket(f, paidInternal);
    expect(t.dates[1]).toEqual({ date: '2026-12-11', startHour: '13:00', endHour: null });
    expect(t.eventTimeSingle).toBeNull();
  });

  it('floors prices, defaults an empty paid price to 0 and sends the fake price as an absolute integer', () => {
    expect(floorOrNull(10999.9)).toBe(10999);
    expect(floorOrNull('12000.5')).toBe(12000);
    expect(floorOrNull(null)).toBeNull();
    expect(saveTicket(form({ price: 15000.7, fakePrice: -20000.5 }), paidInternal)).toMatchObject({ price: 15000, fakePrice: 20001 });
    expect(saveTicket(form({ price: null }), paidInternal).price).toBe(0);
    expect(saveTicket(form({ type: 'free', price: 50000, fakePrice: 1 }), paidInternal)).toMatchObject({ type: 'free', price: 0, fakePrice: null });
  });

  it('opens a paid ticket at 1000 when switched from free without a price', () => {
    expect(withTicketType(form({ type: 'free', price: null }), 'paid').price).toBe(1000);
    expect(withTicketType(form({ type: 'free', price: 25000 }), 'paid').price).toBe(25000);
  });

  it('caps max per account to a limited quota, and sends -1 for unlimited or empty', () => {
    expect(saveTicket(form({ quota: 5, maxPerUser: 9 }), paidInternal).maxTicketPerUser).toBe(5);
    expect(saveTicket(form({ maxPerUser: null }), paidInternal).maxTicketPerUser).toBe(-1);
    const unlimited = saveTicket(form({ quotaType: 'unlimited', quota: 5, maxPerUser: 9 }), paidInternal);
    expect(unlimited).toMatchObject({ originalQuotaType: 'unlimited', originalQuota: -1, maxTicketPerUser: 9 });
  });

  it('drops quota questions for external registration (stored as unlimited, like the API) and makes a free event free', () => {
    expect(saveTicket(form({}, freeExternal), freeExternal)).toMatchObject({
      originalQuotaType: 'unlimited', originalQuota: -1, maxTicketPerUser: -1, type: 'free', price: 0,
    });
  });

  it('trims the name and keeps the ids', () => {
    const q = { ...emptyQuestion(), id: '0f2b4f1e-8a0c-4b6e-9a51-7d0c3f1e2a10', name: ' Asal kampus ' };
    const t = saveTicket(form({ name: '  VIP  ', questions: [q] }), paidInternal);
    expect(t).toMatchObject({ id: stored.id, name: 'VIP' });
    expect(t.registrationSteps[0]).toMatchObject({ id: q.id, name: 'Asal kampus', stepOrderNumber: 1, isRequired: true });
  });

  it('clears options of text questions, numbers the rest and turns an empty description into null', () => {
    const radio = { ...withQuestionType(emptyQuestion(), 'radio'), name: 'Ukuran', options: ['S', ' M '], description: '  ' };
    expect(withQuestionType(radio, 'text').options).toEqual([]);
    const text = { ...radio, type: 'text' as const };
    const [r, t] = saveTicket(form({ questions: [radio, text] }), paidInternal).registrationSteps;
    expect(r).toMatchObject({ options: [{ name: 'S', optionOrderNumber: 1 }, { name: 'M', optionOrderNumber: 2 }], description: null });
    expect(t).toMatchObject({ options: [], description: null, stepOrderNumber: 2, maxFiles: null, accept: null });
  });

  it('starts a choice question with one option row and a file question with one file', () => {
    expect(withQuestionType(emptyQuestion(), 'checkbox').options).toEqual(['']);
    expect(withQuestionType(emptyQuestion(), 'file')).toMatchObject({ maxFiles: 1, options: [] });
  });

  it('gives back the locked parts of a stored ticket exactly as loaded', () => {
    const changed = saveTicket(form({ quotaType: 'unlimited', singleStart: parseHour('07:00') }), paidInternal);
    expect(keepLocked(changed, stored)).toMatchObject({ originalQuotaType: 'limited', dates: stored.dates, eventTimeSingle: null });
  });
});

describe('unplacedIssues', () => {
  it('lists only messages no field shows', () => {
    const issues = new Map([['name', ['Missing ticket name']], ['registrationSteps', ['Too many']], ['dates.0.date', ['x']]]);
    expect(unplacedIssues(issues)).toEqual(['Too many']);
  });
});
