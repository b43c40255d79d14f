import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.js';
import { rowsOf } from './volume-seed.js';

/**
 * Every read the dashboard makes per view, and the public side's reads, as the scale bench
 * times them (the same rows on PostgreSQL and on the embedded database).
 *
 * Left out, and why: downloads and exports (`/v1/event-regist/export`, `/v1/transactions/event/:id/export`,
 * `/v1/files/:id`, answer files, invoices, the withdrawal receipt, calendar .ics) are one file
 * per click, not a view's read; the check-in offline pack is fetched once per scanner, not per
 * view (its own bench: BENCH_ONLY=checkins); `/v1/places` goes to the gazetteer, not the
 * database; invitation and unsubscribe links (`/v1/invitations/:token`, `/u/:token`) and the
 * certificate check (`/verify/:serial`) need a mailed token or a published certificate and are
 * no dashboard read; the review screen's list is the admin's (`/v1/admin/events/review`, included).
 */
export type Caller = 'organizer' | 'admin' | 'public';
export interface ScaleRowSpec { route: string; who: Caller; url: string }

/** The ids the rows need, picked (and the small data seeded) by `prepareRowData`. */
export interface RowIds {
  organizationId: string;
  /** The organizer's event with the most registrants (100,000 in the scale seed). */
  bigEventId: string;
  bigEventRegistrants: number;
  /** The organizer's paid event with the most transactions, and one of its tickets. */
  paidEventId: string;
  ticketId: string;
  messageId: string;
  certificateId: string;
  twibbonKey: string;
  /** A registrant's ticket code at the big event (the e-ticket page). */
  ticketCode: string;
  /** A published event with the most registrants (the public page). */
  publicEventId: string;
}

/**
 * Picks the rows' ids for `organizerEmail`, seeding in bulk SQL what a row needs and the data
 * lacks (a sent message, a draft certificate, a twibbon key on the public event): only when absent,
 * so a reused database is not grown run after run.
 */
export async function prepareRowData(db: Db, organizerEmail: string): Promise<RowIds> {
  const [who] = await rowsOf<{ user_id: string; organization_id: string }>(db, sql`
    select u.id user_id, m.organization_id from users u join memberships m on m.user_id = u.id
    where u.email = ${organizerEmail} order by m.created_at limit 1`);
  const [big] = await rowsOf<{ id: string; n: number }>(db, sql`
    select r.event_id id, count(*)::int n from registrants r join events e on e.id = r.event_id
    where e.organization_id = ${who.organization_id}::uuid group by 1 order by 2 desc limit 1`);
  const [paid] = await rowsOf<{ id: string }>(db, sql`
    select e.id from events e join transactions x on x.event_id = e.id
    where e.organization_id = ${who.organization_id}::uuid group by e.id order by count(*) desc limit 1`);
  const [ticket] = await rowsOf<{ id: string }>(db, sql`select id from tickets where event_id = ${paid.id}::uuid order by created_at limit 1`);
  const [pub] = await rowsOf<{ id: string }>(db, sql`
    select e.id from events e join registrants r on r.event_id = e.id
    where not e.is_draft and e.approved_status = 'approved' and e.deleted_at is null group by e.id order by count(*) desc limit 1`);

  await db.execute(sql`
    insert into messages (event_id, organization_id, kind, subject, body, audience, status, send_at, created_by, recipients, addressed_at, finished_at)
    select ${big.id}::uuid, ${who.organization_id}::uuid, 'announcement', 'Info bench', 'Halo {{nama}}, sampai jumpa.', '{"attendance":"all"}'::jsonb,
           'sent', now() - interval '1 day', ${who.user_id}::uuid, ${big.n}, now() - interval '1 day', now() - interval '1 day'
    where not exists (select 1 from messages where event_id = ${big.id}::uuid)`);
  // Its deliveries, one per participant, as sending it made them: the history shows their counts.
  await db.execute(sql`
    insert into message_deliveries (message_id, registrant_id, email, status, attempts, sent_at)
    select m.id, r.id, lower(r.email), 'sent', 1, m.finished_at from messages m join registrants r on r.event_id = m.event_id and r.status = 'confirmed'
    where m.event_id = ${big.id}::uuid and m.subject = 'Info bench' and not exists (select 1 from message_deliveries d where d.message_id = m.id)
    on conflict (message_id, email) do nothing`);
  await db.execute(sql`
    insert into certificates (creator_id, organization_id, event_id, status, group_name)
    select ${who.user_id}::uuid, ${who.organization_id}::uuid, ${big.id}::uuid, 'drafted', 'Sertifikat bench'
    where not exists (select 1 from certificates where organization_id = ${who.organization_id}::uuid)`);
  await db.execute(sql`
    insert into event_twibbons (event_id, custom_key, template_url)
    select ${pub.id}::uuid, 'bench-' || left(${pub.id}, 8), '/files/bench/twibbon.png'
    where not exists (select 1 from event_twibbons where event_id = ${pub.id}::uuid)`);
  // A twibbon without a key or a frame has no public page.
  await db.execute(sql`
    update event_twibbons set custom_key = coalesce(custom_key, 'bench-' || left(event_id::text, 8)), template_url = coalesce(template_url, '/files/bench/twibbon.png')
    where event_id = ${pub.id}::uuid and (custom_key is null or template_url is null)`);

  const [message] = await rowsOf<{ id: string }>(db, sql`select id from messages where event_id = ${big.id}::uuid order by created_at desc limit 1`);
  const [certificate] = await rowsOf<{ id: string }>(db, sql`select id from certificates where organization_id = ${who.organization_id}::uuid order by created_at desc limit 1`);
  const [twibbon] = await rowsOf<{ custom_key: string }>(db, sql`select custom_key from event_twibbons where event_id = ${pub.id}::uuid`);
  const [code] = await rowsOf<{ ticket_code: string }>(db, sql`select ticket_code from registrants where event_id = ${pub.id}::uuid limit 1`);
  return {
    organizationId: who.organization_id, bigEventId: big.id, bigEventRegistrants: big.n, paidEventId: paid.id, ticketId: ticket.id,
    messageId: message.id, certificateId: certificate.id, twibbonKey: twibbon.custom_key, ticketCode: code.ticket_code, publicEventId: pub.id,
  };
}

export function scaleRows(ids: RowIds): ScaleRowSpec[] {
  const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
  const list = 'page=1&limit=10&sortBy=desc&sortParam=createdAt';
  const big = ids.bigEventId;
  const bigLabel = `${ids.bigEventRegistrants.toLocaleString('en')}-registrant event`;
  const days = `startTime=${encodeURIComponent(new Date(Date.now() - 9 * 86_400_000).toISOString())}&endTime=${encodeURIComponent(new Date().toISOString())}`;
  const o = (route: string, url: string): ScaleRowSpec => ({ route, who: 'organizer', url });
  const a = (route: string, url: string): ScaleRowSpec => ({ route, who: 'admin', url });
  const p = (route: string, url: string): ScaleRowSpec => ({ route, who: 'public', url });
  const rows = [
    // The overview and the event lists.
    o('GET /v1/events/total (overview)', '/v1/events/total'),
    o('GET /v1/transactions/eo/summary (overview)', '/v1/transactions/eo/summary'),
    a('GET /v1/events/total (overview)', '/v1/events/total'),
    a('GET /v1/transactions/eo/summary (overview)', '/v1/transactions/eo/summary'),
    o('GET /v1/events/lists', `/v1/events/lists?${list}`),
    o('GET /v1/events/lists, name filter', `/v1/events/lists?${list}&filters=${filters({ name: 'lomba' })}`),
    o('GET /v1/events/lists, concluded', `/v1/events/lists?${list}&showConcludedEvent=true`),
    o('GET /v1/events/draft/lists', `/v1/events/draft/lists?${list}`),
    a('GET /v1/events/lists', `/v1/events/lists?${list}`),
    a('GET /v1/admin/events/review', '/v1/admin/events/review?page=1&limit=10&sortBy=asc&sortParam=updatedAt'),
    // An event: detail, participants, insight.
    o('GET /v1/events/detail', `/v1/events/detail?id=${ids.paidEventId}`),
    o(`GET /v1/event-regist/lists (${bigLabel})`, `/v1/event-regist/lists?eventId=${big}&${list}`),
    o('GET /v1/event-regist/lists, name search', `/v1/event-regist/lists?eventId=${big}&${list}&filters=${filters({ name: 'festival 4242' })}`),
    o('GET /v1/event-regist/lists, by name', `/v1/event-regist/lists?eventId=${big}&page=1&limit=10&sortBy=asc&sortParam=name`),
    o('GET /v1/events/:id/views (insight)', `/v1/events/${big}/views?${days}`),
    o('GET /v1/event-foll/:id/insight (saves)', `/v1/event-foll/${big}/insight?${days}`),
    o('GET /v1/event-regist/:id/insight (registrants)', `/v1/event-regist/${big}/insight?${days}`),
    o('GET /v1/event-regist/:id/insight/twibbon', `/v1/event-regist/${big}/insight/twibbon?${days}`),
    o('GET /v1/event-regist/:id/insight/education', `/v1/event-regist/${big}/insight/education`),
    o('GET /v1/event-regist/:id/insight/gender', `/v1/event-regist/${big}/insight/gender`),
    o('GET /v1/events/:id/insight/attendance', `/v1/events/${big}/insight/attendance`),
    // Check-in screen.
    o('GET /v1/events/:id/checkins/summary', `/v1/events/${big}/checkins/summary`),
    o('GET /v1/events/:id/checkins/search', `/v1/events/${big}/checkins/search?q=${encodeURIComponent('festival 4242')}`),
    o('GET /v1/events/:id/attendance-code', `/v1/events/${big}/attendance-code`),
    // Messages.
    o('GET /v1/events/:id/messages', `/v1/events/${big}/messages?page=1&limit=10`),
    o('GET /v1/events/:id/messages/:messageId', `/v1/events/${big}/messages/${ids.messageId}`),
    o('GET /v1/events/:id/messages/audience', `/v1/events/${big}/messages/audience?attendance=all`),
    o('GET /v1/events/:id/reminders', `/v1/events/${big}/reminders`),
    // Sales and money.
    o('GET /v1/transactions/event/:id', `/v1/transactions/event/${ids.paidEventId}?${list}`),
    o('GET /v1/transactions/event/:id/summary', `/v1/transactions/event/${ids.paidEventId}/summary`),
    o('GET /v1/events/:id/tickets/:ticketId/price-history', `/v1/events/${ids.paidEventId}/tickets/${ids.ticketId}/price-history`),
    o('GET /v1/events/available-withdrawal', '/v1/events/available-withdrawal?page=1&limit=10'),
    o('GET /v1/transactions/eo/coin/withdrawal', '/v1/transactions/eo/coin/withdrawal?page=1&limit=10'),
    o('GET /v1/transactions/eo/coin', `/v1/transactions/eo/coin?eventId=${ids.paidEventId}`),
    o('GET /v1/transactions/eo/bank-accounts', '/v1/transactions/eo/bank-accounts'),
    o('GET /v1/banks', '/v1/banks'),
    // Certificates, twibbon key check.
    o('GET /v1/certificates', '/v1/certificates?page=1&limit=10'),
    o('GET /v1/certificates/:id', `/v1/certificates/${ids.certificateId}`),
    o('GET /v1/certificates/attendees-count', `/v1/certificates/attendees-count?eventId=${big}`),
    o('GET /v1/twibbons/existence', `/v1/twibbons/existence?customKey=bench-free-key&eventIdNe=${big}`),
    // Organization and account.
    o('GET /v1/organizations', '/v1/organizations'),
    o('GET /v1/organizations/:id/members', `/v1/organizations/${ids.organizationId}/members`),
    o('GET /v1/organizations/:id/audit', `/v1/organizations/${ids.organizationId}/audit?${list}`),
    o('GET /v1/profile', '/v1/profile'),
    o('GET /v1/roles/me', '/v1/roles/me'),
    a('GET /v1/profile', '/v1/profile'),
    a('GET /v1/roles/me', '/v1/roles/me'),
    // The public side.
    p('GET /e/:eventId (public page)', `/e/${ids.publicEventId}`),
    p('GET /v1/public/events/:eventId', `/v1/public/events/${ids.publicEventId}`),
    p('GET /e/:eventId/ticket/:ticketCode (e-ticket)', `/e/${ids.publicEventId}/ticket/${ids.ticketCode}`),
    p('GET /v1/public/tickets/:ticketCode', `/v1/public/tickets/${ids.ticketCode}`),
    p('GET /t/:customKey (twibbon page)', `/t/${ids.twibbonKey}`),
    p('GET /v1/public/twibbons/:customKey', `/v1/public/twibbons/${ids.twibbonKey}`),
    p('GET /v1/maintenance', '/v1/maintenance'),
  ];
  // BENCH_SCALE_ROWS, a regular expression on the route's name, times only the rows it matches:
  // one read measured while it is being changed.
  const only = process.env.BENCH_SCALE_ROWS;
  return only ? rows.filter((r) => new RegExp(only).test(r.route)) : rows;
}
