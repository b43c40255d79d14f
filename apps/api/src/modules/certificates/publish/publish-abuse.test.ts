import { readFile } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import { LinkifyIt } from 'linkify-it';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../db/client.js';
import { certificateRecipients, certificates, events } from '../../../db/schema/index.js';
import type { JobRow } from '../../../jobs/queue.js';
import { readOutbox } from '../../../lib/mailer.js';
import { publishCertificateHandler, type PublishDeps } from './publish-certificate.job.js';
import { fakeRenderer, PUBLIC_URL, publishingCertificate, publishPlace, publishWorld, silentLog, type World } from './publish.fixture.js';

/* Publishing must not be a phishing sender. The job's side of the rules (fake renderer). */
let database: Database;
let world: World;
let place: ReturnType<typeof publishPlace>;
let prefixes = 0;
beforeAll(async () => {
  database = await freshDatabase();
  world = await publishWorld(database.db);
});
afterEach(() => place?.close());
afterAll(() => database.close());

const db = () => database.db;
const certificate = async (id: string) => (await db().select().from(certificates).where(eq(certificates.id, id)))[0]!;
const recipients = (id: string) => db().select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, id)).orderBy(asc(certificateRecipients.position));
const setup = async (csv: string, extra: Partial<PublishDeps> = {}, w: World = world) => {
  place = publishPlace(db(), { renderer: fakeRenderer, ...extra });
  const prefix = `ABUSE-${++prefixes}`;
  return { prefix, id: await publishingCertificate(db(), place.storage, w, { csv, prefix }) };
};
const run = (deps: PublishDeps, certificateId: string) =>
  publishCertificateHandler(deps)({ job: { payload: { certificateId } } as JobRow, signal: new AbortController().signal, lastAttempt: false, log: silentLog });
const csvOf = (rows: [string, string][]) => `Nama Lengkap,Email\n${rows.map(([n, e]) => `"${n}",${e}`).join('\n')}\n`;
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

describe('publishing rules against abuse', () => {
  it('an event that is not published and approved sends the batch back to draft, nobody mailed', async () => {
    const pending = await db().insert(events).values({ organizationId: world.organizationId, creatorId: world.creatorId, name: 'Hadiah Bank: klaim sekarang', isDraft: false, approvedStatus: 'pending' })
      .returning({ id: events.id });
    const { id } = await setup(csvOf([['Ayu', 'ayu@contoh.id']]), {}, { ...world, eventId: pending[0]!.id });
    await run(place.deps, id);
    expect(await certificate(id)).toMatchObject({ status: 'drafted', csvProblems: [{ row: 0, reason: 'Event belum dipublikasikan dan disetujui' }] });
    expect(await readOutbox(place.dataDir)).toEqual([]);
  });

  it('names longer than the certificate\'s Max Char, or holding a link, are refused (reported), never cut', async () => {
    // The fixture's recipientName box allows 40 characters.
    const long = 'A'.repeat(41);
    const { id } = await setup(csvOf([
      ['Ayu Lestari', 'ayu@contoh.id'], [long, 'panjang@contoh.id'], ['B'.repeat(40), 'pas@contoh.id'],
      ['www.hadiah-bri.com', 'link@contoh.id'], ['Klik https://bri.example/login', 'url@contoh.id'], ['admin@bank.co.id', 'mail@contoh.id'],
    ]));
    await run(place.deps, id);
    expect((await recipients(id)).map((r) => r.name)).toEqual(['Ayu Lestari', 'B'.repeat(40)]);
    expect((await certificate(id)).csvProblems).toEqual([
      { row: 3, reason: 'Nama penerima lebih dari 40 karakter (batas Max Char sertifikat)' },
      { row: 5, reason: 'Nama penerima tidak boleh berisi alamat web atau email' },
      { row: 6, reason: 'Nama penerima tidak boleh berisi alamat web atau email' },
      { row: 7, reason: 'Nama penerima tidak boleh berisi alamat web atau email' },
    ]);
  });

  it('a daily limit per organizer: a batch that would pass it goes back to draft, saying how many are left', async () => {
    const first = await setup(csvOf([['Ayu', 'a1@contoh.id'], ['Budi', 'b1@contoh.id']]), { recipientsPerDay: 1_000 });
    await run(place.deps, first.id);
    const used = (await db().select().from(certificateRecipients)).length;
    place.close();
    const second = await setup(csvOf([['Citra', 'c1@contoh.id'], ['Dewi', 'd1@contoh.id']]), { recipientsPerDay: used + 1 });
    await run(place.deps, second.id);
    expect(await certificate(second.id)).toMatchObject({
      status: 'drafted', csvProblems: [{ row: 0, reason: `Batas ${used + 1} penerima sertifikat per 24 jam tercapai (tersisa 1); publikasikan lagi nanti` }],
    });
    expect(await recipients(second.id)).toEqual([]);
    // Recipients older than 24 hours no longer count.
    await db().update(certificateRecipients).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    await db().update(certificates).set({ status: 'publishing' }).where(eq(certificates.id, second.id));
    await run(place.deps, second.id);
    expect((await certificate(second.id)).status).toBe('published');
  });

  it('the mail names the organizer, answers go to them, and no typed text becomes a link; the link carries a 128-bit token', async () => {
    await db().update(events).set({ name: 'Seminar www.hadiah-gratis.com', eoName: 'Panitia bit.ly/klaim' }).where(eq(events.id, world.eventId));
    const { id, prefix } = await setup(csvOf([['Ayu Lestari', 'ayu@contoh.id']]));
    await run(place.deps, id);
    const [r] = await recipients(id);
    expect(r!.verifyToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [mail] = await readOutbox(place.dataDir);
    const link = `${PUBLIC_URL}/verify/${prefix}-001?t=${r!.verifyToken}`;
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('dikirim oleh penyelenggara Panitia bit[.]ly/klaim (akun Organizer Satu <organizer[at]demo[.]id>)');
    // The only link any autolinker finds, in subject or body, is the platform's verify link.
    expect((linkify.match(`${mail!.subject}\n${mail!.text}`) ?? []).map((m) => m.url)).toEqual([link]);
    expect(await readFile(mail!.file, 'latin1')).toMatch(/^Reply-To: organizer@demo\.id$/m);
  });
});
