import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { readOutbox } from '../src/lib/mailer.js';

/**
 * A real SMTP server in the test's own process (smtp-server), on a loopback port the kernel
 * picks: what the API's mailer sends over `SMTP_URL` arrives here as it would at a mail host.
 * No TLS, no auth. A recipient can be refused per try (`refuse`), temporarily (4xx) or for good
 * (5xx). `keep: false` (the benchmark) drains each body and keeps only counts, so a run of
 * thousands holds no mail in memory.
 */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The message as received (headers and body), when kept. */
  raw?: Buffer;
  /** Its Message-ID header, when kept. */
  messageId?: string;
}

/** What to answer the `attempt`th RCPT TO (1-based, counted from `refuse`) for an address: undefined accepts it. */
export type Refusal = (attempt: number) => { code: number; message: string } | undefined;

export interface SmtpReceiver {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  readonly url: string;
  readonly mails: ReceivedMail[];
  /** Mails accepted (also when not kept). */
  count(): number;
  /** RCPT TO tries per address (lower case), accepted or refused. */
  readonly tries: Map<string, number>;
  refuse(address: string, answer: Refusal): void;
  /** Called as each mail is accepted, before the server answers 250 (a test kills the sender there). */
  onMail?: (count: number) => void;
  close(): Promise<void>;
}

export async function startSmtpReceiver({ keep = true }: { keep?: boolean } = {}): Promise<SmtpReceiver> {
  let onMail: SmtpReceiver['onMail'];
  const mails: ReceivedMail[] = [];
  const tries = new Map<string, number>();
  const refusals = new Map<string, { answer: Refusal; attempts: number }>();
  let accepted = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const email = address.address.toLowerCase();
      tries.set(email, (tries.get(email) ?? 0) + 1);
      const refusal = refusals.get(email);
      const no = refusal?.answer(++refusal.attempts);
      if (no) return callback(Object.assign(new Error(no.message), { responseCode: no.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (keep) chunks.push(c);
      });
      stream.on('end', () => {
        accepted++;
        const to = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        if (keep) {
          const raw = Buffer.concat(chunks);
          const head = raw.toString('latin1').split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
          mails.push({ to, raw, messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] });
        }
        onMail?.(accepted);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that goes away mid-session (a killed API process) is no error of the receiver's.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    count: () => accepted,
    tries,
    refuse: (address, answer) => void refusals.set(address.toLowerCase(), { answer, attempts: 0 }),
    get onMail() {
      return onMail;
    },
    set onMail(hook) {
      onMail = hook;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Kept mails decoded (to, subject, text, attachments), each with what arrived (envelope,
 * Message-ID, its unfolded headers): written to a scratch folder as .eml files and read back with
 * readOutbox, the same MIME reading the outbox tests use. In the order they arrived.
 */
export async function readReceived(mails: readonly ReceivedMail[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'eo-smtp-mailbox-'));
  try {
    mkdirSync(path.join(dir, 'outbox'));
    const byFile = new Map<string, ReceivedMail>();
    mails.forEach((m, i) => {
      const file = path.join(dir, 'outbox', `${String(i).padStart(5, '0')}.eml`);
      writeFileSync(file, m.raw!);
      byFile.set(file, m);
    });
    const read = (await readOutbox(dir)).sort((a, b) => (a.file < b.file ? -1 : 1));
    return read.map((m) => {
      const mail = byFile.get(m.file)!;
      return { ...m, envelope: mail.to, messageId: mail.messageId, head: mail.raw!.toString('utf8').split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ') };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
