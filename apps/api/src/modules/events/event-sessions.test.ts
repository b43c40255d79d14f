import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MSG, SESSION_MSG, fill } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { dayFromNow, validEventPayload } from '../../../test/event-payload.js';

let t: TestApp;
let org1: string;
let org2: string;
beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = org1) => call(t.app, { method, url, token, payload });
// validEventPayload's one date: 30 days from now, 09:00–12:00 WIB.
const DAY = dayFromNow(30);
const at = (hour: string, day = DAY) => `${day}T${hour}:00+07:00`;
const withSessions = (sessions: unknown[]) => ({ ...validEventPayload(), sessions });
const detail = async (id: string, token = org1) => (await api('GET', `/v1/events/detail?id=${id}`, undefined, token)).body.data.result;

describe('an event’s sessions', () => {
  it('are saved with the event and listed in the order they start', async () => {
    const res = await api('POST', '/v1/events/create', withSessions([
      { name: 'Sesi 2: Menulis', startsAt: at('10:30'), endsAt: at('12:00') },
      { name: 'Sesi 1: Membaca', startsAt: at('09:00'), endsAt: at('10:15') },
    ]));
    expect(res.status).toBe(201);
    const { sessions } = res.body.data.result;
    expect(sessions).toEqual([
      { id: expect.any(String), name: 'Sesi 1: Membaca', startsAt: new Date(at('09:00')).toISOString(), endsAt: new Date(at('10:15')).toISOString() },
      { id: expect.any(String), name: 'Sesi 2: Menulis', startsAt: new Date(at('10:30')).toISOString(), endsAt: new Date(at('12:00')).toISOString() },
    ]);
  });

  it('an event without sessions has none', async () => {
    const res = await api('POST', '/v1/events/create', validEventPayload());
    expect(res.body.data.result.sessions).toEqual([]);
  });

  it('an edit keeps the sessions it names by id, adds new ones and removes the rest', async () => {
    const created = (await api('POST', '/v1/events/create', withSessions([
      { name: 'Pembukaan', startsAt: at('09:00'), endsAt: at('09:30') },
      { name: 'Diskusi', startsAt: at('09:30'), endsAt: at('11:00') },
    ]))).body.data.result;
    const [opening] = created.sessions;
    const res = await api('PUT', `/v1/events/update?id=${created.id}`, withSessions([
      { id: opening.id, name: 'Pembukaan dan sambutan', startsAt: at('09:00'), endsAt: at('09:45') },
      { name: 'Penutupan', startsAt: at('11:30'), endsAt: at('12:00') },
    ]));
    expect(res.status).toBe(200);
    const after = (await detail(created.id)).sessions;
    expect(after.map((s: { name: string }) => s.name)).toEqual(['Pembukaan dan sambutan', 'Penutupan']);
    expect(after[0].id).toBe(opening.id);
    expect(after[0].endsAt).toBe(new Date(at('09:45')).toISOString());
    expect(after.some((s: { id: string }) => s.id === created.sessions[1].id)).toBe(false);
  });

  it('a session id of another event is a new session there, and leaves the other event alone', async () => {
    const other = (await api('POST', '/v1/events/create', withSessions([{ name: 'Milik event lain', startsAt: at('09:00'), endsAt: at('10:00') }]))).body.data.result;
    const mine = (await api('POST', '/v1/events/create', validEventPayload())).body.data.result;
    const res = await api('PUT', `/v1/events/update?id=${mine.id}`, withSessions([{ id: other.sessions[0].id, name: 'Sesi saya', startsAt: at('10:00'), endsAt: at('11:00') }]));
    expect(res.status).toBe(200);
    const saved = (await detail(mine.id)).sessions;
    expect(saved).toHaveLength(1);
    expect(saved[0].id).not.toBe(other.sessions[0].id);
    expect((await detail(other.id)).sessions).toEqual(other.sessions);
  });

  it('another organization’s member cannot read them', async () => {
    const created = (await api('POST', '/v1/events/create', withSessions([{ name: 'Rahasia', startsAt: at('09:00'), endsAt: at('10:00') }]))).body.data.result;
    expect((await api('GET', `/v1/events/detail?id=${created.id}`, undefined, org2)).status).toBe(404);
  });

  it('a draft may have sessions before it has dates', async () => {
    const res = await api('POST', '/v1/events/draft/create', { name: 'Seminar', agreement: true, sessions: [{ name: 'Hari 1', startsAt: at('09:00'), endsAt: at('17:00') }] });
    expect(res.status).toBe(201);
    expect(res.body.data.result.sessions).toHaveLength(1);
  });
});

describe('the rules of sessions, on every save', () => {
  const refused: [string, unknown[], string, string][] = [
    ['a name', [{ name: ' ', startsAt: at('09:00'), endsAt: at('10:00') }], 'sessions.0.name', SESSION_MSG.name],
    ['a name of at most 100 characters', [{ name: 'x'.repeat(101), startsAt: at('09:00'), endsAt: at('10:00') }], 'sessions.0.name', fill(OWN_MSG.maxChars, { n: 100 })],
    ['a start', [{ name: 'A', endsAt: at('10:00') }], 'sessions.0.startsAt', SESSION_MSG.startsAt],
    ['an end that is an instant', [{ name: 'A', startsAt: at('09:00'), endsAt: 'besok' }], 'sessions.0.endsAt', SESSION_MSG.endsAt],
    ['an end after the start', [{ name: 'A', startsAt: at('10:00'), endsAt: at('10:00') }], 'sessions.0.endsAt', SESSION_MSG.endBeforeStart],
    ['inside the event’s dates (before)', [{ name: 'A', startsAt: at('08:30'), endsAt: at('10:00') }], 'sessions.0.startsAt', SESSION_MSG.outsideEvent],
    ['inside the event’s dates (after)', [{ name: 'A', startsAt: at('11:00'), endsAt: at('12:30') }], 'sessions.0.startsAt', SESSION_MSG.outsideEvent],
    ['inside the event’s dates (another day)', [{ name: 'A', startsAt: at('09:00', dayFromNow(31)), endsAt: at('10:00', dayFromNow(31)) }], 'sessions.0.startsAt', SESSION_MSG.outsideEvent],
    ['a name of its own', [{ name: 'Diskusi', startsAt: at('09:00'), endsAt: at('10:00') }, { name: 'diskusi ', startsAt: at('10:00'), endsAt: at('11:00') }], 'sessions.1.name', SESSION_MSG.duplicateName],
  ];
  it.each(refused)('needs %s', async (_rule, sessions, path, message) => {
    for (const [url, payload] of [['/v1/events/create', withSessions(sessions)], ['/v1/events/draft/create', { ...withSessions(sessions), name: 'Draf' }]] as const) {
      const res = await api('POST', url, payload);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
  });

  it('at most 50', async () => {
    const sessions = Array.from({ length: 51 }, (_, i) => ({ name: `Sesi ${i + 1}`, startsAt: at('09:00'), endsAt: at('12:00') }));
    const res = await api('POST', '/v1/events/create', withSessions(sessions));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'sessions', message: SESSION_MSG.tooMany });
    const fifty = await api('POST', '/v1/events/create', withSessions(sessions.slice(0, 50)));
    expect(fifty.status).toBe(201);
    expect(fifty.body.data.result.sessions).toHaveLength(50);
  });
});
