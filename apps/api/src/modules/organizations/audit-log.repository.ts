import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedShapes } from '../../db/prepared-sql.js';
import { apiKeys, auditLog, users } from '../../db/schema/index.js';

const actor = alias(users, 'actor');

/** One page of the organization's audit log, actor and API key joined (null when none), ip as text. */
export async function auditPage(db: DbOrTx, q: {
  organizationId: string; userId?: string; action?: AuditAction; page: number; limit: number; sortBy: 'asc' | 'desc';
}) {
  const filters = `${q.userId ? 'actor' : ''}${q.action ? 'action' : ''}` || 'all';
  const values = { organizationId: q.organizationId, userId: q.userId, action: q.action, limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await auditLogPage(db, `${filters}_${q.sortBy}`, values);
  const count = async () => (await auditLogCount(db, filters, values))[0].n;
  return { rows, count };
}

/** The conditions of an audit page's filters, their values as placeholders. */
const auditWhere = (filters: string) => and(
  eq(auditLog.organizationId, sql.placeholder('organizationId')),
  filters.includes('actor') ? eq(auditLog.actorId, sql.placeholder('userId')) : undefined,
  filters.includes('action') ? eq(auditLog.action, sql.placeholder('action')) : undefined,
);

// The audit log's page: one statement per filter combination and order, each built once (see preparedShapes).
// The unfiltered log planned once for all organizations (see PlanMode); an actor's or action's share varies: per call.
const auditLogPage = preparedShapes('organizations_audit_page', (db, shape) => {
  const [filters, sortBy] = shape.split('_');
  const order = sortBy === 'asc' ? asc : desc;
  return db
    .select({
      id: auditLog.id, action: auditLog.action, actorId: actor.id, actorName: actor.name, actorEmail: actor.email,
      apiKeyId: apiKeys.id, apiKeyName: apiKeys.name, apiKeyPrefix: apiKeys.prefix,
      targetType: auditLog.targetType, targetId: auditLog.targetId, summary: auditLog.summary,
      ip: sql<string | null>`host(${auditLog.ip})`, userAgent: auditLog.userAgent, createdAt: auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
    .where(auditWhere(filters))
    .orderBy(order(auditLog.createdAt), order(auditLog.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}, (shape) => (shape.startsWith('all_') ? 'generic' : 'custom'));
const auditLogCount = preparedShapes('organizations_audit_count', (db, filters) =>
  db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(auditWhere(filters)));
