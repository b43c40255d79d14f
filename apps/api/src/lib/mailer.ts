import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/env.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
  /** Content id: the HTML part shows it inline as `<img src="cid:…">` (an e-ticket's QR code). */
  cid?: string;
}
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (e.g. the organizer who sent a certificate); the sender stays the platform. */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The sender's display name (an organizer's messages); the address stays the platform's MAIL_FROM. */
  fromName?: string;
  /** Extra headers (an announcement's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * The same key means the same mail (e.g. `certificate-<recipientId>`), for senders that may
   * run again after a crash. Outbox: sent at most once, a second send returns the first.
   * SMTP: the key becomes the Message-ID, so receivers can drop a duplicate; delivery itself
   * stays at-least-once (a crash after the server accepted the mail and before the caller
   * recorded it sends it again).
   */
  idempotencyKey?: string;
}
export interface SentMail {
  messageId: string;
  /** absolute path of the .eml file in embedded mode */
  file?: string;
  /** true when an earlier send with the same idempotencyKey had already written it */
  alreadySent?: boolean;
}
export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}
export interface MailLog {
  info(obj: object, msg: string): void;
}

/** SMTP connections kept open for sending (nodemailer's pool). */
export const SMTP_POOL_SIZE = 5;

/**
 * Whether a send failure will fail again however often it is tried: the server refused the mail
 * or its recipient for good (5xx), or the address cannot be used. Anything else (4xx, a
 * connection lost, a timeout) may pass later.
 */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 500 && e.responseCode < 600;
  return e?.code === 'EENVELOPE';
}

/** A dead SMTP server must fail the send (and the job) quickly, not hold it for nodemailer's default hour. */
const SMTP_TIMEOUT_MS = 10_000;

/** Keys that are already safe file names stay readable; anything else is hashed. */
const keyName = (key: string) => (/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/.test(key) ? key : createHash('sha256').update(key).digest('hex').slice(0, 40));
const keyMessageId = (key: string, from: string) =>
  `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'eo-dashboard.local'}>`;

/**
 * Outgoing mail. Server mode (`smtpUrl`) sends through SMTP; the embedded default writes each
 * message as a real RFC 822 `.eml` file under `<dataDir>/outbox`, so mail can be read without a server.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log?: MailLog): Mailer {
  // Base64 text bodies keep readOutbox's decoder trivial whatever the language or line length.
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  const compose = ({ idempotencyKey, fromName, ...mail }: OutgoingMail) => ({
    ...mail,
    from: fromName ? { name: fromName, address } : config.mailFrom,
    textEncoding: 'base64' as const,
    ...(idempotencyKey ? { messageId: keyMessageId(idempotencyKey, config.mailFrom) } : {}),
  });

  // nodemailer (~15 MB resident) is loaded with the first mail: an API process may send none for hours.
  let made: Promise<Transporter> | undefined;
  const lazily = (options: object) => () => (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
  const close = () => void made?.then((t) => t.close(), () => undefined);

  if (config.smtpUrl) {
    // Pooled: a message to thousands reuses a few connections instead of one per mail.
    const transport = lazily({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_SIZE,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      dnsTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(mail) {
        const info = await (await transport()).sendMail(compose(mail));
        return { messageId: info.messageId };
      },
      close,
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  const transport = lazily({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const key = mail.idempotencyKey;
      const file = path.join(outbox, key ? `k-${keyName(key)}.eml` : `${fileStamp()}-${randomBytes(4).toString('hex')}.eml`);
      if (key && (await exists(file))) return { messageId: keyMessageId(key, config.mailFrom), file, alreadySent: true };
      const info = await (await transport()).sendMail(compose(mail));
      await mkdir(outbox, { recursive: true });
      // Written aside then moved: a reader (readOutbox, e2e tests) never sees half a message.
      const part = `${file}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(part, info.message as Buffer, { flag: 'wx' });
      if (key) {
        // link() never replaces: of two sends with one key, exactly one lands.
        const landed = await link(part, file).then(() => true, (e: NodeJS.ErrnoException) => {
          if (e.code === 'EEXIST') return false;
          throw e;
        });
        await unlink(part);
        if (!landed) return { messageId: info.messageId, file, alreadySent: true };
      } else {
        await rename(part, file);
      }
      log?.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close,
  };
}

const exists = (file: string) => stat(file).then(() => true, () => false);

let lastStamp = 0;
/** Strictly increasing within the process, so name order is send order even within one millisecond. */
function fileStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString().replaceAll(':', '-');
}

/** The outbox's messages, oldest first (by write time; unkeyed names also start with the send time). */
export async function readOutbox(
  dataDir: string,
): Promise<Array<{ file: string; to: string; subject: string; text: string; attachments: OutboxAttachment[] }>> {
  const dir = path.join(dataDir, 'outbox');
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  const emls = await Promise.all(
    names.filter((n) => n.endsWith('.eml')).map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })),
  );
  emls.sort((a, b) => a.mtime - b.mtime || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Promise.all(
    emls.map(async ({ name }) => {
      const file = path.join(dir, name);
      const { headers, body } = parseEntity(await readFile(file, 'latin1'));
      return { file, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text: textPart(headers, body), attachments: attachmentParts(headers, body) };
    }),
  );
}

/*
 * Minimal MIME reading, enough for what createMailer writes (mailparser is not installed and
 * a runtime dependency for a test helper is not worth it): unfolded headers with RFC 2047
 * words, single part or multipart with a text/plain part, 7bit/base64/quoted-printable bodies.
 * The raw file is read as latin1 so each char is one byte until the body is decoded.
 */
function parseEntity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  return { headers, body };
}

function textPart(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = parseEntity(chunk.replace(/^\r?\n/, ''));
      const text = textPart(part.headers, part.body);
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : encoding === 'quoted-printable'
        ? qp(body.replace(/=\r?\n/g, ''))
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '');
}

/** A non-text part of an outbox message (an attachment, or an inline image with its content id). */
export interface OutboxAttachment { contentType: string; filename?: string; cid?: string; content: Buffer }

function attachmentParts(headers: Map<string, string>, body: string): OutboxAttachment[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const out: OutboxAttachment[] = [];
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = parseEntity(chunk.replace(/^\r?\n/, ''));
      out.push(...attachmentParts(part.headers, part.body));
    }
    return out;
  }
  if (/^text\//i.test(type) && !/attachment/i.test(headers.get('content-disposition') ?? '')) return [];
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
  const filename = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '')?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1];
  const cid = /<([^>]+)>/.exec(headers.get('content-id') ?? '')?.[1];
  return [{ contentType: type.split(';')[0]!.trim().toLowerCase(), ...(filename ? { filename } : {}), ...(cid ? { cid } : {}), content }];
}

const qp = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');

/** RFC 2047 encoded words (nodemailer always writes UTF-8); adjacent words are joined as bytes, as a char may span two. */
function decodeWords(value: string): string {
  const word = /=\?[^?]+\?([BQ])\?([^?]*)\?=/gi;
  const decoded = value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/(?:=\?[^?]+\?[BQ]\?[^?]*\?=)+/gi, (run) =>
      Buffer.concat(
        [...run.matchAll(word)].map(([, enc, data]) =>
          enc!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : qp(data!.replace(/_/g, ' ')),
        ),
      ).toString('latin1'),
    );
  // Header bytes were read as latin1; reinterpret the whole value as UTF-8 once.
  return Buffer.from(decoded, 'latin1').toString('utf8');
}
