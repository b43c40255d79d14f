import { describe, expect, it } from 'vitest';
import { afterCursorSchema, decodeCursor, encodeCursor, type KeysetCursor } from './schemas/keyset.js';

// Sort keys as lists make them: timestamps as PostgreSQL's text, names in any script.
const KEYS = ['2026-11-28 13:59:29.293285+00', 'Budi Santoso', 'Zoë 👩‍🎓 Putri', 'ꦧꦸꦢꦶ', '"quoted" \\ back', 'ﾃｽﾄ', ''];
const ID = 'fa4c4c72-1adc-4cc7-aa46-a4236869ec9e';

function randomText(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pool = ['a', 'Z', ' ', '9', 'é', '中', '😀', '\u0001', '"', '\\', '/', '+', '=', '-', '_'];
  return Array.from({ length: Math.floor(next() * 40) }, () => pool[Math.floor(next() * pool.length)]).join('');
}

describe('keyset cursors', () => {
  const cursors: KeysetCursor[] = [
    ...KEYS.map((key) => ({ order: 'name:asc', key, id: ID })),
    ...Array.from({ length: 300 }, (_, i) => ({ order: `createdAt:${i % 2 ? 'asc' : 'desc'}`, key: randomText(i + 1), id: ID })),
  ];

  it('encodes the order, key and id as base64url (no padding) of their JSON, as Node encodes it', () => {
    for (const c of cursors) {
      expect(encodeCursor(c)).toBe(Buffer.from(JSON.stringify([c.order, c.key, c.id])).toString('base64url'));
    }
  });

  it('decodes what it encodes, through the query schema too', () => {
    for (const c of cursors) {
      expect(decodeCursor(encodeCursor(c))).toEqual(c);
      expect(afterCursorSchema.parse(encodeCursor(c))).toEqual(c);
    }
  });

  it('refuses text that is no cursor, and still decodes a good one after refusing', () => {
    const bad = [
      'nonsense!', 'W10', Buffer.from([0xff, 0xfe, 0x5b]).toString('base64url'),
      encodeCursor({ order: 'name:asc', key: 'x', id: 'not-a-uuid' }), encodeCursor({ order: 'name:asc', key: 'a\u0000b', id: ID }),
      Buffer.from('["a","b"]').toString('base64url'), Buffer.from('["a","b",3]').toString('base64url'),
    ];
    for (const text of bad) {
      expect(decodeCursor(text)).toBeUndefined();
      expect(decodeCursor(encodeCursor(cursors[2]))).toEqual(cursors[2]);
    }
    expect(afterCursorSchema.safeParse('W10').success).toBe(false);
  });
});
