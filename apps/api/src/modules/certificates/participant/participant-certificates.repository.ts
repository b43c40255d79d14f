import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CertificateRules } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import { p, preparedSql } from '../../../db/prepared-sql.js';
import { certificateRecipients } from '../../../db/schema/index.js';

// Both read by every e-ticket page: named statements, planned once (unique and foreign keys).
const registrationOfCode = preparedSql<{ id: string; eventId: string; status: string; checkedInAt: Date | null }>('certificates_registration_by_code', () => sql`
  select r.id, r.event_id as "eventId", r.status, r.checked_in_at as "checkedInAt" from registrants r where r.ticket_code = ${p('ticketCode')}`, 'generic');

/** A registration by its e-ticket's code (the code's unique index). */
export async function registrationByCode(db: DbOrTx, ticketCode: string) {
  const [row] = await registrationOfCode(db, { ticketCode });
  return row;
}

export interface TicketCertificateRow {
  id: string; recipientType: string; rules: CertificateRules | null; groupName: string | null; eventName: string | null;
  /**
   * This registration's recipient row in the batch, by the registration itself. A CSV's rows are
   * not matched by email: anyone may register with someone else's address, and a CSV's recipients
   * get theirs by mail.
   */
  recipientId: string | null;
}

const certificatesOf = preparedSql<TicketCertificateRow>('certificates_of_ticket', () => sql`select c.id, c.recipient_type as "recipientType", c.rules, c.group_name as "groupName", e.name as "eventName",
    (select cr.id from certificate_recipients cr where cr.certificate_id = c.id and cr.registrant_id = ${p('registrantId')}
      order by cr.position limit 1) as "recipientId"
    from certificates c join events e on e.id = c.event_id
    where c.event_id = ${p('eventId')} and c.status in ('publishing', 'published')
    order by c.created_at, c.id`, 'generic');

/** The event's certificates publishing or published, oldest first, each with this registration's recipient row if any. */
export function certificatesOfTicket(db: DbOrTx, eventId: string, registrantId: string): Promise<TicketCertificateRow[]> {
  return certificatesOf(db, { eventId, registrantId });
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
