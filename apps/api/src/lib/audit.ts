import type { AuditAction } from '@eo/contract';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Caller } from './caller.js';

export interface AuditRecord {
  action: AuditAction;
  /** The organization the action happened in (the record's, which a globalAdmin may not be a member of). */
  organizationId: string;
  targetType?: 'event' | 'coin_account' | 'withdrawal' | 'certificate' | 'member' | 'invitation' | 'export' | 'registrant' | 'api_key';
  targetId?: string;
  /** What the target was called at the time (an event's name, an invitee's email). */
  summary?: string;
  detail?: Record<string, unknown>;
}

/**
 * Appends to an organization's audit log: who did what, when and from where. Call it
 * in the transaction of the action it records, so that the entry and the change land together.
 * An API key's action names the key beside its maker.
 */
export async function recordAudit(db: DbOrTx, caller: Pick<Caller, 'userId' | 'origin' | 'apiKey'>, record: AuditRecord, at = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: record.organizationId,
    actorId: caller.userId,
    apiKeyId: caller.apiKey?.id ?? null,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    summary: record.summary?.slice(0, 300) ?? null,
    detail: record.detail ?? {},
    ip: caller.origin?.ip ?? null,
    userAgent: caller.origin?.userAgent ?? null,
    createdAt: at,
  });
}
