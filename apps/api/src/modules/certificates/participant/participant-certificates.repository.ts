import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CertificateRules } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import { p, preparedSql } from '../../../db/prepared-sql.js';
import { certificateRecipients } from '../../../db/schema/index.js';

/** A registration by its e-ticket's code: what its certificates depend on. */
export interface TicketRegistration { id: string; eventId: string; status: string; checkedInAt: Date | null }

export interface TicketCertificateRow {
  id: string; recipientType: string; rules: CertificateRules | null; groupName: string | null; eventName: string | null;
  /**
   * This registration's recipient row in the batch, by the registration itself. A CSV's rows are
   * not matched by email: anyone may register with someone else's address, and a CSV's recipients
   * get theirs by mail.
   */
  recipientId: string | null;
}

/** What the registration has done towards a certificate's rules, and the event's sessions they count against. */
export interface TicketProgress { sessions: number; answered: boolean; sessionCount: number }

// Read by every e-ticket page of an event with certificates: one named statement, planned once
// (the code's unique index, then the event's certificates). A row per certificate, or one row of
// the registration alone; each with the registration's progress (a few index entries).
const ticketCertificates = preparedSql<TicketRegistration & TicketProgress & { cert: TicketCertificateRow | null }>('certificates_of_ticket_code', () => sql`
  select r.id, r.event_id as "eventId", r.status, r.checked_in_at as "checkedInAt",
    (select count(*)::int from event_sessions s where s.event_id = r.event_id) as "sessionCount",
    (select count(*)::int from session_checkins sc where sc.event_id = r.event_id and sc.registrant_id = r.id) as sessions,
    exists (select from evaluation_answers ea where ea.registrant_id = r.id) as answered,
    case when c.id is null then null else json_build_object('id', c.id, 'recipientType', c.recipient_type, 'rules', c.rules, 'groupName', c.group_name, 'eventName', e.name,
      'recipientId', (select cr.id from certificate_recipients cr where cr.certificate_id = c.id and cr.registrant_id = r.id order by cr.position limit 1)) end as cert
  from registrants r
  left join certificates c on c.event_id = r.event_id and c.status in ('publishing', 'published')
  left join events e on e.id = c.event_id
  where r.ticket_code = ${p('ticketCode')}
  order by c.created_at, c.id`, 'generic');

/**
 * The registration of an e-ticket's code, its progress towards rules, and its event's
 * certificates publishing or published, oldest first, each with this registration's recipient
 * row if any; undefined for an unknown code.
 */
export async function certificatesOfCode(db: DbOrTx, ticketCode: string): Promise<{ reg: TicketRegistration; progress: TicketProgress; rows: TicketCertificateRow[] } | undefined> {
  const found = await ticketCertificates(db, { ticketCode });
  if (!found[0]) return undefined;
  const { id, eventId, status, checkedInAt, sessions, answered, sessionCount } = found[0];
  return { reg: { id, eventId, status, checkedInAt }, progress: { sessions, answered, sessionCount }, rows: found.flatMap((f) => (f.cert ? [f.cert] : [])) };
}

export async function recipientById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(certificateRecipients).where(eq(certificateRecipients.id, id));
  return row;
}

/** Files rendered on a download, recorded unless a run already recorded its own (mail state untouched). */
export async function recordRendered(db: DbOrTx, id: string, files: { pngPath: string; pdfPath: string }) {
  await db.update(certificateRecipients).set({ ...files, renderedAt: new Date() })
    .where(and(eq(certificateRecipients.id, id), isNull(certificateRecipients.renderedAt)));
}
