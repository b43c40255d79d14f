import type { AuditAction, AuditEntry, Paged } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { paged, pageTotal } from '../../lib/paging.js';
import { auditPage } from './audit-log.repository.js';
import { existingOrganization } from './member-access.js';

/** An organization's audit log, read (API.md, "Organizations and accounts"); lib/audit.ts writes it. */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async audit(caller: Caller, q: {
    page: number; limit: number; sortBy: 'asc' | 'desc'; filters: { userId?: string; action?: AuditAction };
  }): Promise<Paged<AuditEntry>> {
    const organizationId = await existingOrganization(this.db, caller);
    const { rows, count } = await auditPage(this.db, { organizationId, ...q.filters, page: q.page, limit: q.limit, sortBy: q.sortBy });
    const docs = rows.map((r): AuditEntry => ({
      id: r.id,
      action: r.action as AuditAction,
      actor: r.actorId ? { userId: r.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '' } : null,
      apiKey: r.apiKeyId ? { id: r.apiKeyId, name: r.apiKeyName ?? '', prefix: r.apiKeyPrefix ?? '' } : null,
      targetType: r.targetType, targetId: r.targetId, summary: r.summary, ip: r.ip, userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    }));
    return paged(docs, q, await pageTotal(rows, q.page, count));
  }
}
