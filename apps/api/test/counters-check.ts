import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';

// The counters (migrations 0015, 0023, 0025, 0034, 0037) against the facts they count: the consistency test and the migration test compare these.

type Platform = { participants: string; sold: string; sales: string; drafts: string; published: string };

const rowsOf = (db: DbOrTx) => async <T,>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;


/** The counters of migrations 0015, 0023, 0025, 0034 and 0037, summed per key (and zero rows left out). */
export async function countersOf(db: DbOrTx) {
  const rows = rowsOf(db);
  return {
    tickets: await rows(sql`select event_id, ticket_id, sum(registered)::int registered, sum(checked_in)::int checked_in, sum(seats)::int seats
      from checkin_counters group by 1, 2 having sum(registered) <> 0 or sum(checked_in) <> 0 or sum(seats) <> 0 order by 1, 2`),
    events: await rows(sql`select event_id, sum(tickets_sold)::text sold, sum(gross)::text gross, sum(discount)::text discount, sum(amount)::text amount, sum(balance)::text balance
      from event_sales_counters group by 1 having sum(tickets_sold) <> 0 or sum(gross) <> 0 or sum(amount) <> 0 or sum(balance) <> 0 order by 1`),
    organizations: await rows(sql`select organization_id, sum(participants)::text participants, sum(tickets_sold)::text sold, sum(sales)::text sales
      from organization_counters group by 1 having sum(participants) <> 0 or sum(tickets_sold) <> 0 or sum(sales) <> 0 order by 1`),
    platform: await rows<Platform>(sql`select coalesce(sum(participants), 0)::text participants, coalesce(sum(tickets_sold), 0)::text sold, coalesce(sum(sales), 0)::text sales,
      coalesce(sum(events_draft), 0)::text drafts, coalesce(sum(events_published), 0)::text published from platform_counters`),
    breakdowns: await rows(sql`select event_id, kind, value, sum(registrants)::int n from event_breakdown_counters
      group by 1, 2, 3 having sum(registrants) <> 0 order by 1, 2, 3`),
    people: await rows(sql`select event_id, email, registered, checked_in from event_audience_people
      where registered <> 0 or checked_in <> 0 order by 1, 2`),
    audience: await rows(sql`select event_id, sum(people)::int people, sum(checked_in)::int checked_in, sum(not_checked_in)::int not_checked_in
      from event_audience_counters group by 1 having sum(people) <> 0 or sum(checked_in) <> 0 or sum(not_checked_in) <> 0 order by 1`),
    endDays: await rows(sql`select day::text, sum(published)::int n from event_end_day_counters group by 1 having sum(published) <> 0 order by 1`),
    deliveries: await rows(sql`select id, deliveries_queued queued, deliveries_sent sent, deliveries_failed failed, deliveries_bounced bounced from messages
      where deliveries_queued <> 0 or deliveries_sent <> 0 or deliveries_failed <> 0 or deliveries_bounced <> 0 order by 1`),
  };
}

/** The same figures recomputed from the facts: registrants, confirmed transactions, the ledger, message deliveries. */
export async function factsOf(db: DbOrTx) {
  const rows = rowsOf(db);
  return {
    tickets: await rows(sql`select event_id, ticket_id, count(*) filter (where status = 'confirmed')::int registered,
        count(*) filter (where status = 'confirmed' and checked_in_at is not null)::int checked_in,
        coalesce(sum(quantity) filter (where status = 'confirmed'), 0)::int seats
      from registrants group by 1, 2 having count(*) filter (where status = 'confirmed') <> 0 order by 1, 2`),
    events: await rows(sql`select event_id, sum(sold)::text sold, sum(gross)::text gross, sum(discount)::text discount, sum(amount)::text amount, sum(balance)::text balance from (
        select event_id, quantity sold, gross_amount gross, discount_amount discount, amount, 0 balance from transactions where status = 'confirmed'
        union all select event_id, 0, 0, 0, 0, amount from ledger_entries) f
      group by 1 having sum(sold) <> 0 or sum(gross) <> 0 or sum(amount) <> 0 or sum(balance) <> 0 order by 1`),
    organizations: await rows(sql`select e.organization_id, sum(p)::text participants, sum(t)::text sold, sum(a)::text sales from (
        select event_id, 1 p, 0 t, 0 a from registrants where status = 'confirmed'
        union all select event_id, 0, quantity, amount from transactions where status = 'confirmed') f
      join events e on e.id = f.event_id group by 1 having sum(p) <> 0 or sum(t) <> 0 or sum(a) <> 0 order by 1`),
    platform: await rows<Platform>(sql`select (select count(*) from registrants where status = 'confirmed')::text participants,
        (select coalesce(sum(quantity), 0) from transactions where status = 'confirmed')::text sold,
        (select coalesce(sum(amount), 0) from transactions where status = 'confirmed')::text sales,
        (select count(*) from events where deleted_at is null and is_draft)::text drafts,
        (select count(*) from events where deleted_at is null and not is_draft)::text published`),
    breakdowns: await rows(sql`select event_id, kind, value, count(*)::int n from (
        select event_id, 'education' kind, last_education value from registrants where status = 'confirmed'
        union all select event_id, 'gender', gender from registrants where status = 'confirmed') f
      group by 1, 2, 3 order by 1, 2, 3`),
    people: await rows(sql`select event_id, lower(email) email, count(*)::int registered, count(*) filter (where checked_in_at is not null)::int checked_in
      from registrants where status = 'confirmed' group by 1, 2 order by 1, 2`),
    audience: await rows(sql`select event_id, count(distinct lower(email))::int people,
        count(distinct lower(email)) filter (where checked_in_at is not null)::int checked_in,
        count(distinct lower(email)) filter (where checked_in_at is null)::int not_checked_in
      from registrants where status = 'confirmed' group by 1 order by 1`),
    endDays: await rows(sql`select (last_event_at at time zone 'UTC')::date::text as day, count(*)::int n from events
      where deleted_at is null and not is_draft and last_event_at is not null group by 1 order by 1`),
    deliveries: await rows(sql`select message_id id, count(*) filter (where status = 'queued')::int queued, count(*) filter (where status = 'sent')::int sent,
        count(*) filter (where status = 'failed')::int failed, count(*) filter (where status = 'bounced')::int bounced
      from message_deliveries group by 1 having count(*) filter (where status in ('queued', 'sent', 'failed', 'bounced')) <> 0 order by 1`),
  };
}

