import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKIN_ID, CHECKIN_MSG, type CheckinSyncItem, type OfflinePack } from '@eo/contract';
import { codeHash, enqueue, judgeOffline, settleQueue, type QueuedScan } from './offline-logic';

const sha = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 24);
const pack = (): OfflinePack => ({
  eventId: 'e1', generatedAt: '2026-11-24T01:00:00.000Z', hash: { algorithm: 'sha256', hexLength: 24 },
  tickets: [{ ticketId: 't1', name: 'Reguler' }, { ticketId: 't2', name: 'VIP' }],
  sessions: [],
  entries: [
    { hash: sha('KODE-SATU'), name: 'Sari', ticket: 1, checkedIn: false, sessions: [] },
    { hash: sha('KODE-DUA'), name: 'Budi', ticket: 0, checkedIn: true, sessions: [] },
  ],
});
const scan = (code: string, scannedAt = '2026-11-24T02:00:00.000Z', deviceId = 'hp-1'): QueuedScan => ({ code, scannedAt, deviceId });

describe('codeHash', () => {
  it('is the first hex characters of SHA-256 of the code, as the API builds the pack', async () => {
    for (const code of ['KODE-SATU', 'aZ_-09', 'é']) expect(await codeHash(code, 24)).toBe(sha(code));
    expect(await codeHash('KODE-SATU', 8)).toBe(sha('KODE-SATU').slice(0, 8));
  });
});

describe('judgeOffline', () => {
  it('a code in the pack: checked in, with its name and category', () => {
    expect(judgeOffline(pack(), 'KODE-SATU', sha('KODE-SATU'), [])).toEqual({ kind: 'ok', name: 'Sari', ticketName: 'VIP' });
  });
  it('checked in per pack, or queued earlier offline (with that scan\'s time): already checked in', () => {
    expect(judgeOffline(pack(), 'KODE-DUA', sha('KODE-DUA'), [])).toEqual({ kind: 'already', name: 'Budi', ticketName: 'Reguler', at: null });
    expect(judgeOffline(pack(), 'KODE-SATU', sha('KODE-SATU'), [scan('KODE-SATU')]))
      .toEqual({ kind: 'already', name: 'Sari', ticketName: 'VIP', at: '2026-11-24T02:00:00.000Z' });
  });
  it('with sessions: attended per session, as the pack says or as queued for that session', () => {
    const withSessions: OfflinePack = {
      ...pack(),
      sessions: [{ id: 's1', name: 'Pagi', startsAt: '2026-11-24T02:00:00.000Z', endsAt: '2026-11-24T03:00:00.000Z' }, { id: 's2', name: 'Siang', startsAt: '2026-11-24T05:00:00.000Z', endsAt: '2026-11-24T06:00:00.000Z' }],
      entries: [{ hash: sha('KODE-SATU'), name: 'Sari', ticket: 1, checkedIn: true, sessions: [0] }],
    };
    expect(judgeOffline(withSessions, 'KODE-SATU', sha('KODE-SATU'), [], 's1')).toEqual({ kind: 'already', name: 'Sari', ticketName: 'VIP', at: null });
    expect(judgeOffline(withSessions, 'KODE-SATU', sha('KODE-SATU'), [], 's2')).toEqual({ kind: 'ok', name: 'Sari', ticketName: 'VIP' });
    const queued = { ...scan('KODE-SATU'), sessionId: 's2' };
    expect(judgeOffline(withSessions, 'KODE-SATU', sha('KODE-SATU'), [queued], 's2')).toMatchObject({ kind: 'already', at: queued.scannedAt });
    // Without a session the event's own check-in decides.
    expect(judgeOffline(withSessions, 'KODE-SATU', sha('KODE-SATU'), [queued])).toMatchObject({ kind: 'already', at: null });
  });
  it('an unknown hash, or no pack at all: unknown', () => {
    expect(judgeOffline(pack(), 'KODE-TIGA', sha('KODE-TIGA'), [])).toEqual({ kind: 'unknown' });
    expect(judgeOffline(undefined, 'KODE-SATU', sha('KODE-SATU'), [])).toEqual({ kind: 'unknown' });
  });
});

describe('the queue', () => {
  it('keeps the first scan of a code', () => {
    const first = scan('A', '2026-11-24T02:00:00.000Z');
    expect(enqueue([first], scan('A', '2026-11-24T02:05:00.000Z'))).toEqual([first]);
    expect(enqueue([first], scan('B'))).toEqual([first, scan('B')]);
  });

  it('keeps the first scan of a code per session: another session is another attendance', () => {
    const first = { ...scan('A'), sessionId: 's1' };
    expect(enqueue([first], { ...scan('A', '2026-11-24T02:05:00.000Z'), sessionId: 's1' })).toEqual([first]);
    const other = { ...scan('A', '2026-11-24T05:05:00.000Z'), sessionId: 's2' };
    expect(enqueue([first], other)).toEqual([first, other]);
  });

  it('a sync settles every answered scan, keeps what was queued meanwhile, and reports the answers that differ', () => {
    const sent = [scan('A'), scan('B'), scan('C')];
    const queue = [...sent, scan('D', '2026-11-24T02:09:00.000Z')];
    const results: CheckinSyncItem[] = [
      { outcome: CHECKIN_ID.checkedIn, message: CHECKIN_MSG.checkedIn, name: 'Sari' },
      { outcome: CHECKIN_ID.alreadyCheckedIn, message: CHECKIN_MSG.alreadyCheckedIn, name: 'Budi', checkedInAt: '2026-11-24T01:59:00.000Z', checkedInBy: 'Ani' },
      { outcome: CHECKIN_ID.ticketNotFound, message: CHECKIN_MSG.ticketNotFound },
    ];
    const { remaining, differing } = settleQueue(queue, sent, results);
    expect(remaining).toEqual([scan('D', '2026-11-24T02:09:00.000Z')]);
    expect(differing).toEqual([{ scan: sent[1], result: results[1] }, { scan: sent[2], result: results[2] }]);
  });

  it('a scan without an answer stays; the same code from another scanner is another scan', () => {
    const sent = [scan('A'), scan('B')];
    const other = scan('A', '2026-11-24T02:00:00.000Z', 'hp-2');
    const { remaining } = settleQueue([...sent, other], sent, [{ outcome: CHECKIN_ID.checkedIn, message: CHECKIN_MSG.checkedIn }]);
    expect(remaining).toEqual([scan('B'), other]);
  });
});
