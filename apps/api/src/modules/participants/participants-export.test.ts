import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MSG } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp, PlatformService } from '../../../test/fixtures.js';
import { fileSlug, neutralise, wibDateTime } from '../../lib/table-export.js';
import { bulkRegistrants, questionEvent } from './participants.fixture.js';

let t: TestApp;
let org1: string;
let org2: string;
let small: Awaited<ReturnType<typeof questionEvent>>;
let big: Awaited<ReturnType<typeof questionEvent>>;
const AT = new Date('2026-11-21T10:58:00Z');

const HEADERS = ['No', 'Tanggal Daftar', 'Nama', 'Email', 'No Telp', 'Jenis Tiket', 'Status', 'Motivasi', 'Minat', 'CV', 'Ukuran Kaos', CHECKIN_MSG.exportCheckedInAt, CHECKIN_MSG.exportCheckedInBy, 'Ref'];
/** Budi was checked in at the door, offline, at 09:30 WIB the next day. */
const BUDI_CHECKED_IN = '2026-11-22T02:30:00Z';

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1, org2 } = team);
  const { db } = t.database;
  small = await questionEvent(db, team.ids.org1, 'Lomba Débat: Nasional!');
  const platform = new PlatformService(db);
  const people = [
    { name: '=HYPERLINK("x")', email: 'formula@contoh.id', phoneNumber: '+6281234567890', answer: '@SUM(A1)' },
    { name: 'Ni Luh Putu Ayu Wédari', email: 'ayu@contoh.id', phoneNumber: '081234', answer: 'Belajar, "berdebat"\nbaris dua' },
    { name: 'Budi', email: 'budi@contoh.id', phoneNumber: null, answer: '-5' },
  ];
  for (const [i, p] of people.entries()) {
    await platform.register(small.eventId, {
      ticketId: i === 2 ? small.vip : small.reguler,
      participant: { name: p.name, email: p.email, phoneNumber: p.phoneNumber ?? undefined },
      answers: [{ questionId: small.questions.motivasi, value: p.answer }, ...(i === 2 ? [{ questionId: small.questions.kaos, value: 'M' }] : [])],
    }, new Date(AT.getTime() + i * 60_000));
  }
  const budi = await t.database.db.query.registrants.findFirst({ where: (r, { eq }) => eq(r.email, 'budi@contoh.id') });
  const synced = await call(t.app, {
    method: 'POST', url: `/v1/events/${small.eventId}/checkins/sync`, token: org1,
    payload: { scans: [{ code: budi!.ticketCode, scannedAt: BUDI_CHECKED_IN, deviceId: 'pintu' }] },
  });
  expect(synced.body.data.results[0].outcome).toBe('CHECKED_IN');
  big = await questionEvent(db, team.ids.org1, 'Webinar Besar');
  await bulkRegistrants(db, big, 5000, AT);
});
afterAll(() => t.close());

const exportUrl = (eventId: string, format: string, filters?: object) =>
  `/v1/event-regist/export?eventId=${eventId}&format=${format}${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;

async function download(url: string, token = org1) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res;
}

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /v1/event-regist/export', () => {
  it('streams a CSV with a BOM, the fixed columns and one per question, formulas neutralised', async () => {
    const res = await download(exportUrl(small.eventId, 'csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants-lomba-debat-nasional.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.rawPayload.subarray(3));
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual(['1', wibDateTime(AT), `'=HYPERLINK("x")`, 'formula@contoh.id', "'+6281234567890", 'Reguler', 'Terkonfirmasi', "'@SUM(A1)", '', '', '', '', '', '']);
    expect(rows[1][1]).toBe('21 Nov 2026 17:58');
    expect(rows[2]).toEqual(['2', '21 Nov 2026 17:59', 'Ni Luh Putu Ayu Wédari', 'ayu@contoh.id', '081234', 'Reguler', 'Terkonfirmasi', 'Belajar, "berdebat"\nbaris dua', '', '', '', '', '', '']);
    expect(rows[3]).toEqual(['3', '21 Nov 2026 18:00', 'Budi', 'budi@contoh.id', '', 'VIP', 'Terkonfirmasi', "'-5", '', '', 'M', '22 Nov 2026 09:30', 'Organizer Satu', '']);
  });

  it('streams the same rows as XLSX', async () => {
    const csv: string[][] = parse((await download(exportUrl(small.eventId, 'csv'))).rawPayload.subarray(3));
    const res = await download(exportUrl(small.eventId, 'xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants-lomba-debat-nasional.xlsx"');
    const rows = await xlsxRows(res.rawPayload);
    // ExcelJS leaves trailing empty cells out; numbers stay numbers; text has no `'` (the CSV's guard).
    const unguarded = csv.map((r) => r.map((c) => c.replace(/^'/, '')));
    expect(rows.map((r) => HEADERS.map((_, i) => (r[i] === undefined ? '' : String(r[i]))))).toEqual(unguarded);
    expect(rows[1][0]).toBe(1);
  });

  it('writes XLSX text as text cells in the Text format: shown as typed, never a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(exportUrl(small.eventId, 'xlsx'))).rawPayload as never);
    const sheet = workbook.worksheets[0];
    const [no, , name, , phone, , , answer] = Array.from({ length: 8 }, (_, i) => sheet.getRow(2).getCell(i + 1));
    for (const [cell, text] of [[name, '=HYPERLINK("x")'], [phone, '+6281234567890'], [answer, '@SUM(A1)']] as const) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    expect(sheet.getRow(1).getCell(1)).toMatchObject({ value: 'No', numFmt: '@' });
    expect(no.type).toBe(ExcelJS.ValueType.Number);
    expect(no.numFmt).not.toBe('@');
    let formulas = 0;
    sheet.eachRow((row) => row.eachCell((cell) => { if (cell.type === ExcelJS.ValueType.Formula) formulas++; }));
    expect(formulas).toBe(0);
  });

  it('applies the search filters and validates them like the list', async () => {
    const rows: string[][] = parse((await download(exportUrl(small.eventId, 'csv', { name: 'budi' }))).rawPayload.subarray(3));
    expect(rows.map((r) => r[2])).toEqual(['Nama', 'Budi']);
    const bad = await download(exportUrl(small.eventId, 'csv', { phoneNumber: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Input Number Only');
  });

  it('exports participants by default, another status or every registration when asked, each with its status', async () => {
    const platform = new PlatformService(t.database.db);
    const { registrantId } = await platform.register(small.eventId, {
      ticketId: small.reguler, participant: { name: 'Citra Batal', email: 'citra@contoh.id' },
    }, new Date(AT.getTime() + 10 * 60_000));
    // Cancelled: out of every other test's default export.
    await t.database.db.execute(sql`update registrants set status = 'cancelled' where id = ${registrantId}`);
    const names = async (filters?: object) => {
      const rows: string[][] = parse((await download(exportUrl(small.eventId, 'csv', filters))).rawPayload.subarray(3));
      return rows.slice(1).map((r) => [r[2], r[6]]);
    };
    expect((await names()).map(([name]) => name)).toEqual(['=HYPERLINK("x")', 'Ni Luh Putu Ayu Wédari', 'Budi'].map((n) => n.replace(/^=/, "'=")));
    expect(await names({ status: 'cancelled' })).toEqual([['Citra Batal', 'Dibatalkan']]);
    expect(await names({ status: 'all', name: 'a' })).toEqual([['Ni Luh Putu Ayu Wédari', 'Terkonfirmasi'], ['Citra Batal', 'Dibatalkan']]);
    expect((await download(exportUrl(small.eventId, 'csv', { status: 'hadir' }))).statusCode).toBe(400);
  });

  it('exports 5,000 registrants in one request, in order, none twice', async () => {
    const res = await download(exportUrl(big.eventId, 'csv'));
    const rows: string[][] = parse(res.rawPayload.subarray(3));
    expect(rows).toHaveLength(5001);
    expect(rows[1].slice(0, 3)).toEqual(['1', wibDateTime(new Date(AT.getTime() + 1000)), 'Bulk 1']);
    expect(rows[5000].slice(0, 3)).toEqual(['5000', wibDateTime(new Date(AT.getTime() + 5_000_000)), 'Bulk 5000']);
    expect(new Set(rows.slice(1).map((r) => r[3])).size).toBe(5000);
    expect(rows[4321][7]).toBe('Alasan Bulk 4321');
    const xlsx = await xlsxRows((await download(exportUrl(big.eventId, 'xlsx'))).rawPayload);
    expect(xlsx).toHaveLength(5001);
    expect(xlsx[5000][2]).toBe('Bulk 5000');
  });

  it('keeps a name filter over every batch of a long export', async () => {
    // "Bulk 1", 10–19, 100–199 and 1000–1999: 1,111 rows, more than one batch.
    const rows: string[][] = parse((await download(exportUrl(big.eventId, 'csv', { name: 'bulk 1' }))).rawPayload.subarray(3)).slice(1);
    expect(rows).toHaveLength(1111);
    expect(rows.filter((r) => !/^Bulk 1/.test(r[2]))).toEqual([]);
    expect(new Set(rows.map((r) => r[3])).size).toBe(1111);
  });

  it('survives a client that goes away mid-download', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const format of ['csv', 'xlsx']) {
      // A socket closed after the first bytes (undici's fetch abort keeps its socket a while).
      await new Promise<void>((resolve, reject) => {
        const req = get(`${address}${exportUrl(big.eventId, format)}`, { headers: { authorization: `Bearer ${org1}` } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', reject);
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await new Promise((r) => t.app.server.getConnections((_e, n) => r(n)))).toBe(0);
    const after = await download(exportUrl(small.eventId, 'csv'));
    expect(after.statusCode).toBe(200);
    expect(parse(after.rawPayload.subarray(3))).toHaveLength(4);
  });

  it('answers 404 for another organizer', async () => {
    expect((await download(exportUrl(small.eventId, 'csv'), org2)).statusCode).toBe(404);
  });
});

describe('export helpers', () => {
  it.each([
    ['=1+1', "'=1+1"], ['+62', "'+62"], ['-5', "'-5"], ['@A1', "'@A1"], ['\tx', "'\tx"], ['\rx', "'\rx"],
    // Behind what a spreadsheet skips: space, line feed, no-break space, zero-width characters.
    [' =1+1', "' =1+1"], ['\n=1+1', "'\n=1+1"], ['\u00a0+62', "'\u00a0+62"], ['\u200b=1', "'\u200b=1"],
    ['\u200c\u200d@A1', "'\u200c\u200d@A1"], ['\u2060-5', "'\u2060-5"], ['\ufeff=1', "'\ufeff=1"], ['  \t\u3000=1', "'  \t\u3000=1"],
    ['\nx', "'\nx"], ['\uff1dSUM(A1)', "'\uff1dSUM(A1)"],
    ['Budi', 'Budi'], ['a=b', 'a=b'], ['', ''], [' Budi', ' Budi'], ['\u200bBudi', '\u200bBudi'], ['Rp 5 - 10', 'Rp 5 - 10'],
  ])('neutralise(%j) = %j', (text, out) => expect(neutralise(text)).toBe(out));

  it('makes ASCII file names', () => {
    expect(fileSlug('Lomba Débat: Nasional!')).toBe('lomba-debat-nasional');
    expect(fileSlug('学生')).toBe('event');
  });

  it('formats WIB times', () => {
    expect(wibDateTime(new Date('2026-08-31T17:05:00Z'))).toBe('1 Sep 2026 00:05');
    expect(wibDateTime(new Date('2026-08-01T00:00:00Z'))).toBe('1 Agt 2026 07:00');
  });
});
