import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS_MSG, wibInstant } from '@eo/contract';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { dayFromNow, validEventPayload, withValue } from '../../../test/event-payload.js';

/** The ticket's seat settings and the event's cancellation deadline, through the event calls. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t.app, { method, url, token, payload });
/** The valid payload, its ticket free. */
const freePayload = () => {
  const p = withValue(withValue(withValue(validEventPayload(), 'isPaidEvent', false), 'tickets.0.type', 'free'), 'tickets.0.price', 0);
  return withValue(p, 'tickets.0.fakePrice', null);
};
const detail = async (id: string) => (await api('GET', `/v1/events/detail?id=${id}`)).body.data.result;

describe('seat settings of an event', () => {
  it('are stored and read back, and default to a plain ticket', async () => {
    const plain = await api('POST', '/v1/events/draft/create', validEventPayload());
    expect(plain.status).toBe(201);
    const stored = await detail(plain.body.data.result.id);
    expect(stored.cancellationDeadline).toBeNull();
    expect(stored.tickets[0]).toMatchObject({ requiresApproval: false, waitlist: false, accessCode: null });

    const deadline = wibInstant(dayFromNow(25), '18:00').toISOString();
    let payload = withValue(freePayload(), 'cancellationDeadline', deadline);
    payload = withValue(payload, 'tickets.0.requiresApproval', true);
    payload = withValue(payload, 'tickets.0.waitlist', true);
    payload = withValue(payload, 'tickets.0.accessCode', ' Undangan2027 ');
    const created = await api('POST', '/v1/events/create', payload);
    expect(created.status).toBe(201);
    const id = created.body.data.result.id;
    const read = await detail(id);
    expect(read.cancellationDeadline).toBe(deadline);
    expect(read.tickets[0]).toMatchObject({ requiresApproval: true, waitlist: true, accessCode: 'Undangan2027' });

    // Cleared on the next save: the ticket is public again, the deadline back to the event's start.
    const cleared = withValue(withValue(payload, 'tickets.0.accessCode', null), 'cancellationDeadline', null);
    cleared.tickets[0].id = read.tickets[0].id;
    expect((await api('PUT', `/v1/events/update?id=${id}`, cleared)).status).toBe(200);
    const after = await detail(id);
    expect(after.cancellationDeadline).toBeNull();
    expect(after.tickets[0]).toMatchObject({ requiresApproval: true, waitlist: true, accessCode: null });
  });

  it.each([
    ['too short', 'abc'], ['too long', 'a'.repeat(33)], ['a space inside', 'kode rahasia'], ['punctuation', 'kode-2027'],
  ])('refuses an access code with %s', async (_why, code) => {
    const res = await api('POST', '/v1/events/draft/create', withValue(validEventPayload(), 'tickets.0.accessCode', code));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'tickets.0.accessCode', message: SEATS_MSG.accessCode }));
  });

  it('refuses approval and a waiting list on a paid ticket: seats move there, never money', async () => {
    for (const field of ['requiresApproval', 'waitlist']) {
      const res = await api('POST', '/v1/events/draft/create', withValue(validEventPayload(), `tickets.0.${field}`, true));
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path: `tickets.0.${field}`, message: SEATS_MSG.freeOnly });
      expect((await api('POST', '/v1/events/draft/create', withValue(freePayload(), `tickets.0.${field}`, true))).status).toBe(201);
    }
  });

  it('refuses a cancellation deadline that is not an instant, or after the event starts', async () => {
    const notInstant = await api('POST', '/v1/events/draft/create', withValue(validEventPayload(), 'cancellationDeadline', dayFromNow(10)));
    expect(notInstant.status).toBe(400);
    const late = wibInstant(dayFromNow(30), '10:00').toISOString();
    const res = await api('POST', '/v1/events/draft/create', withValue(validEventPayload(), 'cancellationDeadline', late));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'cancellationDeadline', message: SEATS_MSG.cancellationAfterStart });
    const inTime = wibInstant(dayFromNow(30), '09:00').toISOString();
    expect((await api('POST', '/v1/events/draft/create', withValue(validEventPayload(), 'cancellationDeadline', inTime))).status).toBe(201);
  });
});
