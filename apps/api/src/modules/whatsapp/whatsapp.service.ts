import { createHmac, timingSafeEqual } from 'node:crypto';
import { WHATSAPP_KINDS, WHATSAPP_MSG, WHATSAPP_STOP_WORDS, whatsappWebhookSchema, type WhatsAppSummary } from '@eo/contract';
import type { WhatsAppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, forbidden, invalid, notFound } from '../../lib/errors.js';
import * as repo from './whatsapp.repository.js';

const RECORDED = new Set(['sent', 'delivered', 'read', 'failed']);

/** Whether `header` is `sha256=` and the hex HMAC-SHA256 of `raw` with the app secret, compared in constant time. */
export function signatureHolds(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'));
}

/**
 * The Cloud API's webhook and the organizer's view of WhatsApp: the verification handshake, the
 * callbacks (statuses recorded per message, STOP), and an event's messages by kind and status.
 */
export class WhatsAppService {
  constructor(private readonly db: Db, private readonly cfg: WhatsAppConfig | undefined) {}

  /** Meta's handshake: the challenge when mode and token are right. */
  verify(q: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }): string {
    if (!this.cfg) throw notFound();
    const given = Buffer.from(q['hub.verify_token'] ?? '');
    const token = Buffer.from(this.cfg.verifyToken);
    const tokenOk = given.length === token.length && timingSafeEqual(given, token);
    if (q['hub.mode'] !== 'subscribe' || !tokenOk || !q['hub.challenge']) throw forbidden(WHATSAPP_MSG.verifyRefused);
    return q['hub.challenge'];
  }

  /**
   * A callback: nothing is read or written before its signature holds over the raw bytes. Each
   * status is recorded on its message (forward only; an unknown id or a replay changes nothing);
   * an inbound STOP opts its number out. Answers how many statuses named a message of ours.
   */
  async receive(raw: Buffer, signature: string | undefined): Promise<{ matched: number; stopped: number }> {
    if (!this.cfg) throw notFound();
    if (!signatureHolds(this.cfg.appSecret, raw, signature)) throw new DomainError(ERROR_CODE.whatsappSignatureInvalid, WHATSAPP_MSG.signatureInvalid);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalid(WHATSAPP_MSG.badPayload);
    }
    const parsed = whatsappWebhookSchema.safeParse(json);
    if (!parsed.success) throw invalid(WHATSAPP_MSG.badPayload);
    let matched = 0;
    let stopped = 0;
    for (const entry of parsed.data.entry ?? []) {
      for (const change of entry.changes ?? []) {
        for (const s of change.value?.statuses ?? []) {
          if (!RECORDED.has(s.status)) continue;
          const seconds = Number(s.timestamp);
          const error = s.errors?.[0];
          const found = await repo.applyStatus(this.db, {
            wamid: s.id, status: s.status as 'sent' | 'delivered' | 'read' | 'failed', key: s.biz_opaque_callback_data,
            at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
            errorCode: error?.code ?? null,
            errorReason: error ? [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(': ').slice(0, 500) || null : null,
          });
          if (found) matched++;
        }
        for (const m of change.value?.messages ?? []) {
          const text = m.type === 'text' || m.text ? (m.text?.body ?? '').trim().toUpperCase() : '';
          if ((WHATSAPP_STOP_WORDS as readonly string[]).includes(text) && /^\d{6,20}$/.test(m.from) && (await repo.optOut(this.db, m.from))) stopped++;
        }
      }
    }
    return { matched, stopped };
  }

  /** The event's WhatsApp messages by kind, in the order of WHATSAPP_KINDS. */
  async summary(caller: Caller, eventId: string): Promise<WhatsAppSummary> {
    const event = await requireEvent(this.db, caller, Permission.MessageRead, eventId);
    const rows = await repo.summaryOf(this.db, event.id);
    const kinds = WHATSAPP_KINDS.flatMap((kind) => rows.filter((r) => r.kind === kind).map((r) => ({ kind, counts: r.counts })));
    return { enabled: this.cfg !== undefined, kinds };
  }
}
