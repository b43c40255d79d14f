import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from './mailer.js';

const mailFrom = 'EO Dashboard <no-reply@eo-dashboard.local>';
const otp = 'Kode verifikasi kamu: 123456 — berlaku 10 menit';

describe('embedded outbox', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('writes one .eml per mail, readable back with headers and non-ASCII text', async () => {
    const logged: object[] = [];
    const mailer = createMailer({ mailFrom, dataDir }, { info: (obj) => logged.push(obj) });
    const long = 'Terima kasih sudah mendaftar di acara kami. '.repeat(10).trim();
    const sent = await mailer.send({ to: 'budi@example.com', subject: 'Verifikasi akun — EO', text: `${otp}\n\n${long}` });
    mailer.close();

    expect(sent.file).toBe(path.join(dataDir, 'outbox', path.basename(sent.file!)));
    expect(path.basename(sent.file!)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]+\.eml$/);
    expect(await readdir(path.join(dataDir, 'outbox'))).toEqual([path.basename(sent.file!)]);
    expect(logged).toEqual([{ to: 'budi@example.com', subject: 'Verifikasi akun — EO', file: sent.file }]);

    const raw = await readFile(sent.file!, 'utf8');
    expect(raw).toMatch(/^From: EO Dashboard <no-reply@eo-dashboard\.local>$/m);
    expect(raw).toMatch(/^To: budi@example\.com$/m);
    expect(raw).toContain(`Message-ID: ${sent.messageId}`);

    expect(await readOutbox(dataDir)).toEqual([
      { file: sent.file, to: 'budi@example.com', subject: 'Verifikasi akun — EO', text: `${otp}\n\n${long}`, attachments: [] },
    ]);
  });

  it('keeps send order for several mails and reads the text part of html mail', async () => {
    const mailer = createMailer({ mailFrom, dataDir });
    await mailer.send({ to: 'a@example.com', subject: 'Pertama', text: 'satu' });
    await mailer.send({ to: 'b@example.com', subject: 'Kedua', text: otp, html: `<p>${otp}</p>` });
    mailer.close();
    const mails = await readOutbox(dataDir);
    expect(mails.map((m) => m.attachments)).toEqual([[], []]);
    expect(mails.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual([
      { to: 'a@example.com', subject: 'Pertama', text: 'satu' },
      { to: 'b@example.com', subject: 'Kedua', text: otp },
    ]);
  });

  it('attaches files, and writes a keyed mail once however often it is sent', async () => {
    const mailer = createMailer({ mailFrom, dataDir });
    const pdf = Buffer.from('%PDF-1.7 sertifikat');
    const mail = {
      to: 'ayu@example.com', subject: 'Sertifikat', text: 'terlampir',
      attachments: [{ filename: 'Sertifikat-ABC-001.pdf', content: pdf, contentType: 'application/pdf' }],
      idempotencyKey: 'certificate-42',
    };
    const first = await mailer.send(mail);
    await mailer.send({ to: 'b@example.com', subject: 'Lain', text: 'x' });
    // Concurrent and later sends with the same key: still one file, the first one.
    const again = await Promise.all([mailer.send(mail), mailer.send({ ...mail, text: 'berubah' }), mailer.send(mail)]);
    // Two first sends racing: exactly one lands.
    const race = await Promise.all([1, 2, 3].map(() => mailer.send({ ...mail, idempotencyKey: 'certificate-43' })));
    mailer.close();
    expect(race.filter((r) => !r.alreadySent)).toHaveLength(1);

    expect(path.basename(first.file!)).toBe('k-certificate-42.eml');
    expect(first.alreadySent).toBeUndefined();
    for (const sent of again) expect(sent).toMatchObject({ file: first.file, messageId: first.messageId, alreadySent: true });
    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(3);
    const mails = await readOutbox(dataDir);
    expect(mails.map((m) => [m.to, m.text])).toEqual([['ayu@example.com', 'terlampir'], ['b@example.com', 'x'], ['ayu@example.com', 'terlampir']]);
    // Attachments read back whole, with their type and name.
    expect(mails[0]!.attachments).toEqual([{ contentType: 'application/pdf', filename: 'Sertifikat-ABC-001.pdf', content: pdf }]);
    expect(mails[1]!.attachments).toEqual([]);
    const raw = await readFile(first.file!, 'utf8');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=Sertifikat-ABC-001\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
    expect(raw).toContain(`Message-ID: ${first.messageId}`);
  });

  it('hashes keys that are not plain file names', async () => {
    const mailer = createMailer({ mailFrom, dataDir });
    const sent = await mailer.send({ to: 'a@example.com', subject: 's', text: 't', idempotencyKey: '../../etc/passwd' });
    mailer.close();
    expect(path.basename(sent.file!)).toMatch(/^k-[0-9a-f]{40}\.eml$/);
    expect(path.dirname(sent.file!)).toBe(path.join(dataDir, 'outbox'));
  });

  it('reads an empty list when nothing was sent', async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});

describe('SMTP', () => {
  let server: SMTPServer | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A plain-text local server on a random port; returns the SMTP URL. */
  async function startServer(options: SMTPServerOptions): Promise<string> {
    server = new SMTPServer({ authOptional: true, secure: false, disabledCommands: ['STARTTLS'], logger: false, ...options });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }

  it('delivers through the server named by smtpUrl', async () => {
    const received: Array<{ rcpt: string[]; from: string; raw: string }> = [];
    const smtpUrl = await startServer({
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          received.push({
            rcpt: session.envelope.rcptTo.map((r) => r.address),
            from: from ? from.address : '',
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir: '/nonexistent' });
    const sent = await mailer.send({ to: 'siti@example.com', subject: 'Sertifikat kamu', text: otp });
    mailer.close();

    expect(sent.messageId).toMatch(/^<.+>$/);
    expect(sent.file).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.rcpt).toEqual(['siti@example.com']);
    expect(received[0]!.from).toBe('no-reply@eo-dashboard.local');
    expect(received[0]!.raw).toMatch(/^Subject: Sertifikat kamu$/m);
  });

  it('uses the idempotency key as Message-ID, so receivers can drop a resent copy', async () => {
    const ids: string[] = [];
    const smtpUrl = await startServer({
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          ids.push(/^Message-ID: (.+)$/m.exec(Buffer.concat(chunks).toString('utf8'))![1]!.trim());
          callback();
        });
      },
    });
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir: '/nonexistent' });
    const mail = { to: 'siti@example.com', subject: 'Sertifikat', text: 'x', idempotencyKey: 'certificate-7' };
    const a = await mailer.send(mail);
    const b = await mailer.send(mail);
    const c = await mailer.send({ ...mail, idempotencyKey: 'certificate-8' });
    mailer.close();
    // At-least-once: both copies leave, with one Message-ID.
    expect(ids).toEqual([a.messageId, a.messageId, c.messageId]);
    expect(b.messageId).toBe(a.messageId);
    expect(c.messageId).not.toBe(a.messageId);
    expect(a.messageId).toMatch(/^<[0-9a-f]{32}@eo-dashboard\.local>$/);
  });

  it('rejects when the server refuses the recipient', async () => {
    const smtpUrl = await startServer({
      onRcptTo(_address, _session, callback) {
        callback(new Error('Mailbox unavailable'));
      },
    });
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir: '/nonexistent' });
    await expect(mailer.send({ to: 'x@example.com', subject: 'Halo', text: 'hi' })).rejects.toThrow(/Mailbox unavailable/);
    mailer.close();
  });

  it('rejects when no server listens', async () => {
    const smtpUrl = await startServer({});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const mailer = createMailer({ smtpUrl, mailFrom, dataDir: '/nonexistent' });
    await expect(mailer.send({ to: 'x@example.com', subject: 'Halo', text: 'hi' })).rejects.toThrow(/ECONNREFUSED/);
    mailer.close();
  });
});
