import { sql, type SQL } from 'drizzle-orm';
import type { MessageAudience } from '@eo/contract';

/**
 * A message's audience as SQL conditions on `registrants` (alias `r`): the event's confirmed
 * registrants, of these ticket categories, by check-in. One rule for the count
 * shown before sending, the preview's sample and the deliveries made when sending starts.
 */
export function audienceWhere(eventId: string, a: MessageAudience): SQL {
  const parts: SQL[] = [sql`r.event_id = ${eventId}::uuid`, sql`r.status = 'confirmed'`];
  if (a.ticketIds?.length) parts.push(sql`r.ticket_id in (${sql.join(a.ticketIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  if (a.attendance === 'checkedIn') parts.push(sql`r.checked_in_at is not null`);
  if (a.attendance === 'notCheckedIn') parts.push(sql`r.checked_in_at is null`);
  return sql.join(parts, sql` and `);
}
