import { describe, expect, it } from 'vitest';
import type { OfflinePack } from '@eo/contract';
import { searchPack } from './pack-search';

const pack: OfflinePack = {
  eventId: 'e1', generatedAt: '2026-11-24T01:00:00.000Z', hash: { algorithm: 'sha256', hexLength: 24 },
  tickets: [{ ticketId: 't1', name: 'Reguler' }, { ticketId: 't2', name: 'VIP' }],
  sessions: [],
  entries: [
    { hash: 'h1', name: 'Sari Wulandari', ticket: 1, checkedIn: false, sessions: [] },
    { hash: 'h2', name: 'Budi', ticket: 0, checkedIn: true, sessions: [] },
    { hash: 'h3', name: 'Sarinah', ticket: 0, checkedIn: false, sessions: [] },
    { hash: 'h4', name: 'René Saragih', ticket: 0, checkedIn: false, sessions: [] },
  ],
};

describe('searchPack', () => {
  it('finds holders by part of the name, without case or accents, with category and state', () => {
    expect(searchPack(pack, ' SARI ', new Set())).toEqual([
      { hash: 'h1', name: 'Sari Wulandari', ticketName: 'VIP', checkedIn: false },
      { hash: 'h3', name: 'Sarinah', ticketName: 'Reguler', checkedIn: false },
    ]);
    expect(searchPack(pack, 'rene', new Set()).map((m) => m.name)).toEqual(['René Saragih']);
    expect(searchPack(pack, 'budi', new Set())).toEqual([{ hash: 'h2', name: 'Budi', ticketName: 'Reguler', checkedIn: true }]);
    expect(searchPack(pack, 'tidak ada', new Set())).toEqual([]);
    expect(searchPack(pack, '  ', new Set())).toEqual([]);
  });

  it('a ticket scanned here and waiting to sync counts as checked in; at most `max` matches', () => {
    expect(searchPack(pack, 'sarinah', new Set(['h3']))[0]!.checkedIn).toBe(true);
    expect(searchPack(pack, 'sa', new Set(), 2).map((m) => m.hash)).toEqual(['h1', 'h3']);
  });
});
