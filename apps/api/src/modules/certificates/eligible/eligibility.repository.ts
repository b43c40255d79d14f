import { sql, type SQL } from 'drizzle-orm';
import type { CertificateRules } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/pg-results.js';

/**
 * Eligibility for an `eligible` certificate, in SQL: a confirmed registrant of the event who
 * attended at least the sessions the rules ask (rows in session_checkins, read on its
 * (event_id, registrant_id) index) and, when asked, answered the evaluation (evaluation_answers'
 * key). The sessions needed are counted in the same statement from the event's sessions: the
 * larger of `minSessions` and the share of them rounded up, on exact decimals (0.6 of 5 is 3).
 */
function meetsRules(eventId: string, rules: CertificateRules, registrant: SQL): SQL {
  const conditions: SQL[] = [];
  const needed = sessionsNeededSql(eventId, rules);
  if (needed) {
    conditions.push(sql`(select count(*) from session_checkins sc where sc.event_id = ${eventId} and sc.registrant_id = ${registrant}) >= ${needed}`);
  }
  if (rules.evaluationRequired) {
    conditions.push(sql`exists (select 1 from evaluation_answers ea where ea.event_id = ${eventId} and ea.registrant_id = ${registrant})`);
  }
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * How many confirmed registrants of the event meet the rules now: one statement, starting from
 * what the rules ask rather than from every registrant. With a sessions rule, the event's
 * attendance rows grouped by registrant (read on (event_id, registrant_id)) keep those with
 * enough; with only the evaluation, the event's answers. The evaluation is then matched as a set
 * (the event's answers, hashed), and so are the event's registrants who are not confirmed (a
 * few, on their partial index), taken out: no lookup per person.
 */
export async function eligibleCount(db: DbOrTx, eventId: string, rules: CertificateRules): Promise<number> {
  const needed = sessionsNeededSql(eventId, rules);
  const candidates = needed
    ? sql`select sc.registrant_id as id from session_checkins sc where sc.event_id = ${eventId}
        group by sc.registrant_id having count(*) >= ${needed}`
    : sql`select ea.registrant_id as id from evaluation_answers ea where ea.event_id = ${eventId}`;
  const answered = needed && rules.evaluationRequired
    ? sql`and exists (select 1 from evaluation_answers ea where ea.event_id = ${eventId} and ea.registrant_id = c.id)`
    : sql``;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${candidates}) c
    where not exists (select 1 from registrants r where r.event_id = ${eventId} and r.status <> 'confirmed' and r.id = c.id)
      ${answered}`));
  return row?.n ?? 0;
}

/** The sessions the rules ask for, in SQL (the larger of `minSessions` and the share, rounded up); undefined without a sessions rule. */
function sessionsNeededSql(eventId: string, rules: CertificateRules): SQL | undefined {
  if (rules.minSessions === undefined && rules.minSessionShare === undefined) return undefined;
  const byShare = rules.minSessionShare === undefined
    ? sql`0`
    : sql`ceil(${String(rules.minSessionShare)}::numeric * (select count(*) from event_sessions es where es.event_id = ${eventId}))`;
  return sql`greatest(${rules.minSessions ?? 0}::int, ${byShare})`;
}

/**
 * Those meeting the rules who hold no certificate of this batch yet, in registration order:
 * who a publish adds.
 */
export async function uncertifiedEligible(db: DbOrTx, eventId: string, certificateId: string, rules: CertificateRules) {
  return rowsOf<{ registrantId: string; name: string; email: string }>(await db.execute(sql`select r.id as "registrantId", r.name, r.email
    from registrants r
    where r.event_id = ${eventId} and r.status = 'confirmed' and ${meetsRules(eventId, rules, sql`r.id`)}
      and not exists (select 1 from certificate_recipients cr where cr.certificate_id = ${certificateId} and cr.registrant_id = r.id)
    order by r.created_at, r.id`));
}

/** One registrant of the event, when confirmed and meeting the rules now (name and email to print and mail). */
export async function eligibleRegistrant(db: DbOrTx, eventId: string, registrantId: string, rules: CertificateRules) {
  const [row] = rowsOf<{ registrantId: string; name: string; email: string }>(await db.execute(sql`select r.id as "registrantId", r.name, r.email
    from registrants r
    where r.id = ${registrantId} and r.event_id = ${eventId} and r.status = 'confirmed' and ${meetsRules(eventId, rules, sql`r.id`)}`));
  return row;
}

/** The event's number of sessions. */
export async function sessionCount(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from event_sessions where event_id = ${eventId}`));
  return row?.n ?? 0;
}

