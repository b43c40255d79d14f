import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp, PlatformService } from '../../../test/fixtures.js';
import { setApproval } from './events.service.js';
import { dayFromNow, validEventPayload, withValue } from '../../../test/event-payload.js';
import { events, eventTwibbons, ticketPriceHistory, tickets } from '../../db/schema/index.js';
import { encodeSubTypes } from '@eo/contract';

let t: TestApp;
let org1: string;
let org2: string;
beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: any, token = org1) => call(t.app, { method, url, token, payload });
const create = async (payload = validEventPayload()) => {
  const res = await api('POST', '/v1/events/create', payload);
  expect(res.status).toBe(201);
  return res.body.data.result;
};
/** The detail turned back into an edit payload, as the wizard sends it. */
const asPayload = (d: any) => ({
  ...validEventPayload(),
  ...Object.fromEntries(Object.entries(d).filter(([k]) => k in validEventPayload())),
  eventOrganizer: { ...d.eventOrganizer, confirmEmail: d.eventOrganizer.email },
});

describe('transitions of spec section 4', () => {
  it('create → active list; detail has tickets, questions and organizer', async () => {
    const e = await create();
    expect(e).toMatchObject({ name: 'Lomba Esai Nasional 2027', isDraft: false, approvedStatus: 'pending', subType: 'Esai', creatorProfile: { name: 'Organizer Satu' } });
    expect(e.tickets[0]).toMatchObject({ name: 'Peserta Umum', originalQuota: 100, quota: 100, price: 50000, fakePrice: 75000, maxTicketPerUser: 2, ticketCount: 0 });
    expect(e.tickets[0].registrationSteps[0]).toMatchObject({ name: 'Asal sekolah?', type: 'radio', isRequired: true });
    expect(e.eventOrganizer).toMatchObject({ name: 'Komunitas Literasi', email: 'eo@literasi.id', phoneNumber: '6281234567890' });
    const list = await api('GET', '/v1/events/lists');
    expect(list.body.data.docs.map((d: any) => d.id)).toContain(e.id);
    expect((await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result.id).toBe(e.id);
  });

  it('detail: tickets by position with their seats, questions in form order per ticket, the twibbon and the creator (one statement)', async () => {
    const base = validEventPayload();
    const question = (name: string, step: number) => ({ name, type: 'text', isRequired: false, stepOrderNumber: step });
    const e = await create({
      ...base,
      registrationSteps: [question('Umum kedua', 2), question('Umum pertama', 1)],
      tickets: [
        { ...base.tickets[0], name: 'Tiket A', type: 'free', price: 0, fakePrice: undefined, registrationSteps: [question('A dua', 2), question('A satu', 1)] },
        { ...base.tickets[0], name: 'Tiket B', type: 'free', price: 0, fakePrice: undefined, originalQuotaType: 'unlimited', originalQuota: -1, registrationSteps: [] },
      ],
    } as any);
    const db = t.database.db;
    await setApproval(db, e.id, 'approved', new Date());
    const [a, b] = e.tickets;
    const platform = new PlatformService(db);
    for (const [ticket, email] of [[b, 'b1@contoh.id'], [b, 'b2@contoh.id'], [a, 'a1@contoh.id']] as const) {
      await platform.register(e.id, { ticketId: ticket.id, participant: { name: email, email } });
    }
    await db.insert(eventTwibbons).values({ eventId: e.id, customKey: 'detail-key', templateUrl: '/files/t.png', guide: ['Unduh', 'Pasang'], caption: 'Ayo' });
    const d = (await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result;
    expect(d.tickets.map((x: any) => [x.name, x.ticketCount, x.quota, x.originalQuota, x.price, x.fakePrice])).toEqual([['Tiket A', 1, 99, 100, 0, null], ['Tiket B', 2, -1, -1, 0, null]]);
    expect(d.tickets[0].dates).toEqual(base.tickets[0].dates);
    expect(d.tickets[0].registrationDeadline).toEqual(base.tickets[0].registrationDeadline);
    expect(d.tickets[0].registrationSteps.map((q: any) => [q.name, q.eventTicketId, q.stepOrderNumber])).toEqual([['A satu', a.id, 1], ['A dua', a.id, 2]]);
    expect(d.tickets[1].registrationSteps).toEqual([]);
    expect(d.registrationSteps.map((q: any) => [q.name, q.eventTicketId, q.isRequired, q.options, q.accept])).toEqual([['Umum pertama', null, false, [], null], ['Umum kedua', null, false, [], null]]);
    expect(d.twibbon).toEqual({ customKey: 'detail-key', templateUrl: '/files/t.png', posterUrl: null, guide: ['Unduh', 'Pasang'], caption: 'Ayo' });
    expect(d.twibbonCustomKey).toBe('detail-key');
    expect(d.creatorProfile).toEqual({ name: 'Organizer Satu' });
  });

  it('draft create → draft update → publish with `create?id=`', async () => {
    const d = await api('POST', '/v1/events/draft/create', { name: 'Draf awal', agreement: true });
    const id = d.body.data.result.id;
    const upd = await api('PUT', `/v1/events/draft/update/?id=${id}`, { name: 'Draf kedua', agreement: true });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Edit Draft Success!');
    expect(upd.body.data.result.name).toBe('Draf kedua');
    // Publishing validates the whole payload.
    expect((await api('POST', `/v1/events/create?id=${id}`, { name: 'Draf kedua', agreement: true })).status).toBe(400);
    const pub = await api('POST', `/v1/events/create?id=${id}`, validEventPayload());
    expect(pub.status).toBe(201);
    expect(pub.body.data.result).toMatchObject({ id, isDraft: false });
    expect((await api('GET', '/v1/events/draft/lists')).body.data.docs.map((x: any) => x.id)).not.toContain(id);
    // A published event is no longer a draft.
    expect((await api('PUT', `/v1/events/draft/update?id=${id}`, { name: 'x', agreement: true })).status).toBe(409);
    expect((await api('POST', `/v1/events/create?id=${id}`, validEventPayload())).status).toBe(409);
  });

  it('edit published: allowed fields change, a draft cannot be edited as published', async () => {
    const e = await create();
    const res = await api('PUT', `/v1/events/update/?id=${e.id}`, { ...asPayload(e), name: 'Nama Baru', description: 'Baru.' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Edit Event Success!');
    expect(res.body.data.result).toMatchObject({ name: 'Nama Baru', description: 'Baru.' });
    const d = await api('POST', '/v1/events/draft/create', { name: 'Draf', agreement: true });
    expect((await api('PUT', `/v1/events/update?id=${d.body.data.result.id}`, validEventPayload())).status).toBe(409);
  });
});

describe('locks when editing a submitted event', () => {
  it.each([
    ['category', (p: any) => ({ ...p, type: 'Beasiswa', subTypes: encodeSubTypes({ subCategories: [{ value: 'S1 Dalam Negeri' }] }) }), 'type', 'Category cannot be changed after the event is submitted'],
    ['EO email', (p: any) => withValue(withValue(p, 'eventOrganizer.email', 'baru@eo.id'), 'eventOrganizer.confirmEmail', 'baru@eo.id'), 'eventOrganizer.email', 'EO email cannot be changed after the event is submitted'],
    // Free, so that the paid-needs-the-platform rule does not answer first.
    ['registration method', (p: any) => ({ ...p, isPaidEvent: false, registrationMethod: 'external', registrationUrl: 'https://daftar.id' }), 'registrationMethod', 'Registration method cannot be changed after the event is submitted'],
    ['eligibility', (p: any) => ({ ...p, eligibilities: ['__PUBLIC__'] }), 'eligibilities', 'Eligibility cannot be changed after the event is submitted'],
    ['quota type', (p: any) => withValue(p, 'tickets.0.originalQuotaType', 'unlimited'), 'tickets.0.originalQuotaType', 'Quota type cannot be changed after the event is submitted'],
    ['dates', (p: any) => withValue(p, 'tickets.0.dates', [{ date: dayFromNow(31), startHour: '09:00', endHour: '12:00' }]), 'tickets.0.dates', 'Event dates cannot be changed after the event is submitted'],
  ])('%s is refused', async (_name, mutate, path, message) => {
    const e = await create();
    const res = await api('PUT', `/v1/events/update?id=${e.id}`, mutate(asPayload(e)));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
    expect((await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result.updatedAt).toBe(e.updatedAt);
  });

  it('within 72 hours of the event: streaming link and after-registration steps are refused; before, allowed', async () => {
    const soon = withValue(withValue(validEventPayload(), 'tickets.0.dates', [{ date: dayFromNow(2), startHour: '09:00', endHour: '12:00' }]), 'tickets.0.registrationDeadline', { date: dayFromNow(1), hour: '09:00' });
    const e = await create(soon);
    const link = await api('PUT', `/v1/events/update?id=${e.id}`, { ...asPayload(e), eventStreamLink: 'https://meet.example.org/baru' });
    expect(link.body.errors).toContainEqual({ path: 'eventStreamLink', message: 'Streaming link cannot be changed within 72 hours before the event' });
    const steps = await api('PUT', `/v1/events/update?id=${e.id}`, { ...asPayload(e), afterRegistSteps: ['__FILL_FEEDBACK_FORM__'] });
    expect(steps.body.errors).toContainEqual({ path: 'afterRegistSteps', message: 'After-registration steps cannot be changed within 72 hours before the event' });
    const far = await create();
    expect((await api('PUT', `/v1/events/update?id=${far.id}`, { ...asPayload(far), eventStreamLink: 'https://meet.example.org/baru' })).status).toBe(200);
  });
});

describe('tickets on save', () => {
  it('a price change is recorded with old and new price', async () => {
    const e = await create();
    const p = withValue(asPayload(e), 'tickets.0.price', 60000);
    expect((await api('PUT', `/v1/events/update?id=${e.id}`, p)).status).toBe(200);
    const rows = await t.database.db.select().from(ticketPriceHistory).where(eq(ticketPriceHistory.ticketId, e.tickets[0].id));
    expect(rows.map((r) => [r.oldPrice, r.newPrice])).toEqual([[50000, 60000]]);
  });

  it('switching paid to free clears the stored categories', async () => {
    const d = await api('POST', '/v1/events/draft/create', validEventPayload());
    const before = d.body.data.result;
    const free = { ...asPayload(before), isPaidEvent: false, tickets: [{ ...asPayload(before).tickets[0], id: before.tickets[0].id, type: 'free', price: 0 }] };
    const res = await api('PUT', `/v1/events/draft/update?id=${before.id}`, free);
    expect(res.status).toBe(200);
    expect(res.body.data.result.tickets).toHaveLength(1);
    expect(res.body.data.result.tickets[0].id).not.toBe(before.tickets[0].id);
    const old = await t.database.db.query.tickets.findFirst({ where: eq(tickets.id, before.tickets[0].id) });
    expect(old!.deletedAt).not.toBeNull();
  });

  it('non-internal registration drops quota and max per user; max per user is capped; fake price absolute; paid 0 is free', async () => {
    const ext = {
      ...validEventPayload(), isPaidEvent: false, registrationMethod: 'external', registrationUrl: 'https://daftar.example.org',
    };
    const e1 = await create(ext);
    expect(e1.tickets[0]).toMatchObject({ originalQuotaType: 'unlimited', originalQuota: -1, maxTicketPerUser: -1 });
    const p = withValue(withValue(validEventPayload(), 'tickets.0.maxTicketPerUser', 500), 'tickets.0.fakePrice', -80000);
    const e2 = await create(p);
    expect(e2.tickets[0]).toMatchObject({ maxTicketPerUser: 100, fakePrice: 80000 });
    const e3 = await create(withValue(validEventPayload(), 'tickets.0.price', 0));
    expect(e3.tickets[0]).toMatchObject({ type: 'free', price: 0 });
    const e4 = await create(withValue(validEventPayload(), 'tickets.0.price', 50500.9));
    expect(e4.tickets[0].price).toBe(50500);
  });

  it('a total below the seats already sold is refused; the remaining quota keeps them', async () => {
    const e = await create();
    const platform = new PlatformService(t.database.db);
    await t.database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, e.id));
    const q = e.tickets[0].registrationSteps[0].id;
    for (let i = 0; i < 3; i++) {
      await platform.register(e.id, { ticketId: e.tickets[0].id, participant: { name: `P${i}`, email: `p${i}@x.id` }, answers: [{ questionId: q, value: 'SMA' }] });
    }
    const low = await api('PUT', `/v1/events/update?id=${e.id}`, withValue(asPayload(e), 'tickets.0.originalQuota', 2));
    expect(low.status).toBe(400);
    expect(low.body.message).toBe("Total tickets can't be less than the 3 already sold");
    const ok = await api('PUT', `/v1/events/update?id=${e.id}`, withValue(asPayload(e), 'tickets.0.originalQuota', 10));
    expect(ok.body.data.result.tickets[0]).toMatchObject({ originalQuota: 10, quota: 7, ticketCount: 3 });
    // Neither dropping that category nor resending it without its id (new dates) removes it.
    const fresh = (await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result;
    const dropped = await api('PUT', `/v1/events/update?id=${e.id}`, { ...asPayload(fresh), tickets: [] });
    expect(dropped.status).toBe(400);
    const renewed = { ...asPayload(fresh), tickets: [{ ...asPayload(fresh).tickets[0], id: undefined, dates: [{ date: dayFromNow(40), startHour: '09:00', endHour: '12:00' }], registrationDeadline: { date: dayFromNow(35), hour: '09:00' } }] };
    const res = await api('PUT', `/v1/events/update?id=${e.id}`, renewed);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Participant category 'Peserta Umum' already has participants and can't be removed");
    expect((await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result.tickets.map((x: any) => x.id)).toEqual([e.tickets[0].id]);
  });
});

describe('twibbon custom key', () => {
  const tw = (key: string) => ({ ...validEventPayload(), twibbonRequired: true, twibbon: { customKey: key, templateUrl: '/files/t.png', caption: 'Ikut!', guide: ['Unggah'] } });

  it('is unique across events, whatever the letter case', async () => {
    await create(tw('esai-unik'));
    const res = await api('POST', '/v1/events/create', tw('ESAI-unik'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Custom key not available');
  });

  it('two events created at the same moment never share a key', async () => {
    const results = await Promise.all([0, 1, 2, 3].map(() => api('POST', '/v1/events/create', tw('serentak'))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('ownership: another organizer\'s event answers 404', () => {
  it('detail, update, draft update and publish', async () => {
    const e = await create();
    const d = (await api('POST', '/v1/events/draft/create', { name: 'Rahasia', agreement: true })).body.data.result;
    expect((await api('GET', `/v1/events/detail?id=${e.id}`, undefined, org2)).status).toBe(404);
    expect((await api('PUT', `/v1/events/update?id=${e.id}`, asPayload(e), org2)).status).toBe(404);
    expect((await api('PUT', `/v1/events/draft/update?id=${d.id}`, { name: 'x', agreement: true }, org2)).status).toBe(404);
    expect((await api('POST', `/v1/events/create?id=${d.id}`, validEventPayload(), org2)).status).toBe(404);
    expect((await api('GET', `/v1/events/detail?id=${d.id}`)).body.data.result.name).toBe('Rahasia');
  });

  it('unknown and malformed ids are 404, not 500', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'abc', "1'; drop table events; --"]) {
      expect((await api('GET', `/v1/events/detail?id=${encodeURIComponent(id)}`)).status).toBe(404);
      expect((await api('PUT', `/v1/events/update?id=${encodeURIComponent(id)}`, validEventPayload())).status).toBe(404);
    }
  });
});

describe('dates on edits and drafts', () => {
  it('a new category on a submitted event may not start in the past; stored ones are not re-judged', async () => {
    const e = await create();
    // The stored category's dates pass (the clock moved on); only its own dates are spared.
    await t.database.db.update(tickets)
      .set({ dates: [{ date: dayFromNow(-3), startHour: '09:00', endHour: '12:00' }], registrationDeadline: { date: dayFromNow(-5), hour: '10:00' } })
      .where(eq(tickets.id, e.tickets[0].id));
    const stored = (await api('GET', `/v1/events/detail?id=${e.id}`)).body.data.result;
    const same = await api('PUT', `/v1/events/update/?id=${e.id}`, asPayload(stored));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const added = asPayload(stored);
    added.tickets = [...added.tickets, { ...validEventPayload().tickets[0], name: 'Baru', dates: [{ date: dayFromNow(-1) }], registrationDeadline: { date: dayFromNow(-2), hour: '10:00' } }];
    const res = await api('PUT', `/v1/events/update/?id=${e.id}`, added);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'tickets.1.dates.0.date', message: "Event date can't be before today" });
  });

  it('a draft with a deadline day but no hour yet is saved and saved again', async () => {
    const draft = { name: 'Draf Jam', agreement: true, tickets: [{ name: 'A', dates: [{ date: dayFromNow(30) }], registrationDeadline: { date: dayFromNow(20) } }] };
    const d = await api('POST', '/v1/events/draft/create', draft);
    expect(d.status).toBe(201);
    const saved = d.body.data.result;
    expect(saved.tickets[0].registrationDeadline).toEqual({ date: dayFromNow(20), hour: null });
    const again = await api('PUT', `/v1/events/draft/update/?id=${saved.id}`, { ...draft, tickets: [{ ...draft.tickets[0], id: saved.tickets[0].id, registrationDeadline: saved.tickets[0].registrationDeadline }] });
    expect(again.status).toBe(200);
  });
});
