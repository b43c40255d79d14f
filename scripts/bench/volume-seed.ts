import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.js';
import { PAYMENT_FEE_RUPIAH } from '@eo/contract';

/**
 * The registrant and money volume of a large platform on top of `seedScale`'s events, in bulk
 * SQL (the services would take hours for a million rows): one ticket per published event,
 * `transactions` confirmed purchases spread over the paid events, one registrant per purchase
 * plus free registrants up to `registrants`, the ledger rows (sale + payment fee) each
 * purchase writes, and the per-day counters. `bigEventOf` gets a tenth of all registrants: a
 * festival-sized event whose participant list pages over 100,000 rows.
 */
/** Rows of a raw statement (drizzle types them per driver; both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface VolumeSeed { bigEventId: string; registrants: number; transactions: number }

export async function seedVolume(db: Db, o: { organizerEmail: string; registrants: number; transactions: number }): Promise<VolumeSeed> {
  const price = 50_000;
  await db.execute(sql`
    insert into tickets (event_id, name, original_quota_type, original_quota, quota, type, price, max_ticket_per_user, registration_deadline_at)
    select e.id, 'Umum', 'unlimited', -1, -1, case when e.is_paid_event then 'paid' else 'free' end,
           case when e.is_paid_event then ${price} else 0 end, -1, now() + interval '30 days'
    from events e where not e.is_draft`);
  // The organizer's first published free event becomes the big one.
  const [big] = await rowsOf<{ id: string }>(db, sql`
    select e.id from events e join users u on u.id = e.creator_id
    where u.email = ${o.organizerEmail} and not e.is_draft and not e.is_paid_event order by e.created_at limit 1`);
  const bigShare = Math.floor(o.registrants / 10);
  const freeOthers = o.registrants - o.transactions - bigShare;

  await db.execute(sql`
    with t as (
      select array_agg(k.id order by k.id) ids, array_agg(k.event_id order by k.id) evs, count(*)::int c
      from tickets k where k.type = 'paid')
    insert into transactions (invoice_id, event_id, ticket_id, buyer_name, buyer_email, quantity, unit_price, gross_amount, amount, status, created_at)
    select 'INV-BENCH-' || n, t.evs[1 + n % t.c], t.ids[1 + n % t.c], 'Pembeli ' || n, 'pembeli' || n || '@contoh.id', 1,
           ${price}, ${price}, ${price}, 'confirmed', now() - (n % 300) * interval '1 hour'
    from t, generate_series(1, ${o.transactions}) n`);
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, transaction_id, name, email, phone_number, last_education, gender, created_at)
    select x.event_id, x.ticket_id, x.id, x.buyer_name, x.buyer_email, '0812' || lpad((row_number() over ())::text, 8, '0'),
           (array['SMA','S1','SMP','D3'])[1 + (row_number() over ()) % 4], (array['male','female'])[1 + (row_number() over ()) % 2], x.created_at
    from transactions x where x.invoice_id like 'INV-BENCH-%'`);
  await db.execute(sql`
    with t as (
      select array_agg(k.id order by k.id) ids, array_agg(k.event_id order by k.id) evs, count(*)::int c
      from tickets k where k.type = 'free' and k.event_id <> ${big.id}::uuid)
    insert into registrants (event_id, ticket_id, name, email, last_education, gender, created_at)
    select t.evs[1 + n % t.c], t.ids[1 + n % t.c], 'Peserta ' || n, 'peserta' || n || '@contoh.id',
           (array['SMA','S1','SMP','D3'])[1 + n % 4], (array['male','female'])[1 + n % 2], now() - (n % 240) * interval '1 hour'
    from t, generate_series(1, ${freeOthers}) n`);
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, last_education, gender, created_at)
    select ${big.id}::uuid, k.id, 'Festival ' || n, 'festival' || n || '@contoh.id',
           (array['SMA','S1','SMP','D3'])[1 + n % 4], (array['male','female'])[1 + n % 2], now() - (n % 240) * interval '1 hour'
    from tickets k, generate_series(1, ${bigShare}) n where k.event_id = ${big.id}::uuid`);

  // Money as the registration statement writes it: one coin account per event that sold,
  // a sale and a payment fee per purchase.
  await db.execute(sql`
    insert into coin_accounts (id, event_id, organization_id)
    select distinct md5('coin-account:' || x.event_id::text)::uuid, x.event_id, e.organization_id
    from transactions x join events e on e.id = x.event_id where x.invoice_id like 'INV-BENCH-%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into ledger_entries (coin_account_id, event_id, kind, amount, transaction_id, created_at)
    select md5('coin-account:' || x.event_id::text)::uuid, x.event_id, e.kind, e.amount, x.id, x.created_at
    from transactions x cross join (values ('sale', ${price}::bigint), ('payment_fee', ${-PAYMENT_FEE_RUPIAH}::bigint)) e(kind, amount)
    where x.invoice_id like 'INV-BENCH-%'`);
  await db.execute(sql`
    insert into event_daily_metrics (event_id, day, registrants)
    select r.event_id, (r.created_at at time zone 'Asia/Jakarta')::date, count(*)::int from registrants r group by 1, 2
    on conflict (event_id, day, slot) do update set registrants = event_daily_metrics.registrants + excluded.registrants`);
  await db.execute(sql`analyze`);
  return { bigEventId: big.id, registrants: o.registrants, transactions: o.transactions };
}

/**
 * One festival-sized event on a database that has its own data (the embedded demo): `registrants`
 * free registrants on the organizer's published free event that has the most already (a ticket
 * is added when it has none), then the per-day counters and fresh statistics.
 */
export async function seedBigEvent(db: Db, o: { organizerEmail: string; registrants: number }): Promise<string> {
  const [event] = await rowsOf<{ id: string }>(db, sql`
    select e.id from events e join memberships m on m.organization_id = e.organization_id join users u on u.id = m.user_id
    left join registrants r on r.event_id = e.id
    where u.email = ${o.organizerEmail} and not e.is_draft and not e.is_paid_event and e.approved_status = 'approved' and e.deleted_at is null
    group by e.id order by count(r.id) desc limit 1`);
  await db.execute(sql`
    insert into tickets (event_id, name, original_quota_type, original_quota, quota, type, price, max_ticket_per_user, registration_deadline_at)
    select ${event.id}::uuid, 'Umum', 'unlimited', -1, -1, 'free', 0, -1, now() + interval '30 days'
    where not exists (select 1 from tickets where event_id = ${event.id}::uuid)`);
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, last_education, gender, created_at)
    select ${event.id}::uuid, k.id, 'Festival ' || n, 'festival' || n || '@contoh.id',
           (array['SMA','S1','SMP','D3'])[1 + n % 4], (array['male','female'])[1 + n % 2], now() - (n % 240) * interval '1 hour'
    from (select id from tickets where event_id = ${event.id}::uuid order by created_at limit 1) k, generate_series(1, ${o.registrants}) n`);
  await db.execute(sql`
    insert into event_daily_metrics (event_id, day, registrants)
    select r.event_id, (r.created_at at time zone 'Asia/Jakarta')::date, count(*)::int from registrants r
    where r.event_id = ${event.id}::uuid and r.email like 'festival%@contoh.id' group by 1, 2
    on conflict (event_id, day, slot) do update set registrants = event_daily_metrics.registrants + excluded.registrants`);
  await db.execute(sql`analyze`);
  return event.id;
}
