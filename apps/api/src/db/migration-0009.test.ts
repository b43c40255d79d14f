import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListQuerySchema } from '@eo/contract';
import { buildApp } from '../app.js';
import { findPermittedUpload, Permission, scopeOf } from '../lib/access.js';
import { listEvents, type ListGroup } from '../modules/events/event-lists.repository.js';
import { callerFor } from '../../test/fixtures.js';
import { call, testConfig, tokenFor } from '../../test/harness.js';
import { demoDump, demoExtras, migrateTo, ownDatabase, rows, runScript, type OwnDatabase } from '../../test/migration/migrate-to.js';
import { seedScale0008 } from '../../test/migration/scale-seed-0008.js';
import type { Database } from './client.js';

/**
 * Migration 0009_organizations on real data: a copy of the previous release's demo
 * database (test/migration/demo-0008.sql, its demo seed dumped at schema 0008) on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL; and the previous release's scale seed (100 organizers
 * × 100 events) on PostgreSQL. Every row moves, the counts before and after are equal, and every
 * organizer sees after, through their organization, exactly what they saw before as creator.
 */

const MOVED = ['events', 'certificates', 'uploads', 'coin_accounts', 'withdrawals', 'ledger_entries'] as const;
const GROUPS: ListGroup[] = ['active', 'passed', 'draft'];

interface Organizer { id: string; name: string; email: string; isAdmin: boolean }
interface View {
  events: Record<ListGroup, { id: string; name: string }[]>;
  certificates: string[];
  uploads: { id: string; docType: string }[];
  coinAccounts: { id: string; eventId: string; balance: number }[];
  withdrawals: string[];
}
interface Snapshot { counts: Record<string, number>; ids: Record<string, string[]>; organizers: Organizer[]; views: Map<string, View> }

const byId = <T extends { id: string }>(a: T[]) => [...a].sort((x, y) => x.id.localeCompare(y.id));

async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rows<{ t: string }>(database, sql`
    select table_name t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { t } of tables) counts[t] = (await rows<{ n: number }>(database, sql.raw(`select count(*)::int n from "${t}"`)))[0].n;
  return counts;
}

/** Who gets a personal organization: dashboard users and anyone owning a record (as 0009 says). */
async function organizersOf(database: Database): Promise<Organizer[]> {
  return rows<Organizer>(database, sql`
    select u.id::text id, u.name, u.email, 'globalAdmin' = any(u.roles) "isAdmin" from users u
    where u.roles && array['eventOrganizer', 'globalAdmin']::text[]
       or exists (select 1 from events e where e.creator_id = u.id)
       or exists (select 1 from certificates c where c.creator_id = u.id)
       or exists (select 1 from uploads f where f.owner_id = u.id)
    order by u.email`);
}

/** What an organizer saw in the previous release: their own records, by creator / owner. */
async function viewBefore(database: Database, userId: string, now: Date): Promise<View> {
  const events = await rows<{ id: string; name: string; grp: ListGroup }>(database, sql`
    select id::text, name, case when is_draft then 'draft' when last_event_at < ${now.toISOString()}::timestamptz then 'passed' else 'active' end grp
    from events where creator_id = ${userId}::uuid and deleted_at is null order by id`);
  const grouped = Object.fromEntries(GROUPS.map((g) => [g, byId(events.filter((e) => e.grp === g).map(({ id, name }) => ({ id, name })))])) as View['events'];
  return {
    events: grouped,
    certificates: (await rows<{ id: string }>(database, sql`select id::text from certificates where creator_id = ${userId}::uuid`)).map((r) => r.id).sort(),
    uploads: await rows(database, sql`select id::text, doc_type "docType" from uploads where owner_id = ${userId}::uuid order by 1`),
    coinAccounts: (await rows<{ id: string; eventId: string; balance: string }>(database, sql`
      select c.id::text, c.event_id::text "eventId", coalesce((select sum(l.amount) from ledger_entries l where l.coin_account_id = c.id), 0)::text balance
      from coin_accounts c join events e on e.id = c.event_id where e.creator_id = ${userId}::uuid and e.deleted_at is null order by 1`))
      .map((r) => ({ ...r, balance: Number(r.balance) })),
    withdrawals: (await rows<{ id: string }>(database, sql`
      select w.id::text from withdrawals w join events e on e.id = w.event_id where e.creator_id = ${userId}::uuid`)).map((r) => r.id).sort(),
  };
}

async function snapshot(database: Database, now: Date, withViews: boolean): Promise<Snapshot> {
  const counts = await tableCounts(database);
  const ids: Record<string, string[]> = {};
  for (const t of MOVED) ids[t] = (await rows<{ id: string }>(database, sql.raw(`select id::text from "${t}" order by 1`))).map((r) => r.id);
  const organizers = await organizersOf(database);
  const views = new Map<string, View>();
  if (withViews) for (const o of organizers) views.set(o.id, await viewBefore(database, o.id, now));
  return { counts, ids, organizers, views };
}

/** After 0009: no row lost or added, and each organizer owns one organization named after them holding their records. */
async function expectMoved(database: Database, before: Snapshot) {
  const counts = await tableCounts(database);
  for (const [table, n] of Object.entries(before.counts)) expect({ table, n: counts[table] }).toEqual({ table, n });
  for (const t of MOVED) expect((await rows<{ id: string }>(database, sql.raw(`select id::text from "${t}" order by 1`))).map((r) => r.id)).toEqual(before.ids[t]);
  for (const t of ['organizations', 'memberships', 'invitations', 'password_resets', 'audit_log']) expect(counts).toHaveProperty(t);
  expect(counts.organizations).toBe(before.organizers.length);
  expect(counts.memberships).toBe(before.organizers.length);
  expect(counts.invitations + counts.password_resets + counts.audit_log).toBe(0);

  const memberships = await rows<{ userId: string; role: string; name: string; n: number }>(database, sql`
    select m.user_id::text "userId", m.role, o.name, (select count(*)::int from memberships x where x.user_id = m.user_id) n
    from memberships m join organizations o on o.id = m.organization_id`);
  const byUser = new Map(memberships.map((m) => [m.userId, m]));
  for (const o of before.organizers) expect(byUser.get(o.id)).toEqual({ userId: o.id, role: 'owner', name: o.name, n: 1 });

  // Every record is in its creator's (owner's) personal organization.
  const misplaced = await rows<{ t: string; n: number }>(database, sql`
    select 'events' t, count(*)::int n from events r left join memberships m on m.user_id = r.creator_id where m.organization_id is distinct from r.organization_id
    union all select 'certificates', count(*)::int from certificates r left join memberships m on m.user_id = r.creator_id where m.organization_id is distinct from r.organization_id
    union all select 'uploads', count(*)::int from uploads r left join memberships m on m.user_id = r.owner_id where m.organization_id is distinct from r.organization_id`);
  expect(misplaced).toEqual([{ t: 'events', n: 0 }, { t: 'certificates', n: 0 }, { t: 'uploads', n: 0 }]);
}

/** All pages of a list route (100 a page). */
async function allDocs(app: Awaited<ReturnType<typeof buildApp>>, token: string, url: string): Promise<any[]> {
  const docs: any[] = [];
  for (let page = 1; ; page++) {
    const res = await call(app, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=100`, token });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    docs.push(...res.body.data.docs);
    if (page >= res.body.data.totalPages) return docs;
  }
}

/**
 * What the organizer sees now, through the real API (as they sign in, in their organization):
 * the event totals and lists, certificates, each coin account's balance and the withdrawals;
 * uploads through the access check the routes use to attach or serve them.
 */
async function expectSameThroughApi(database: Database, before: Snapshot, password: string) {
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const organizers = before.organizers.filter((o) => !o.isAdmin);
    expect(organizers.length).toBeGreaterThan(0);
    for (const o of organizers) {
      const seen = before.views.get(o.id)!;
      const { token } = await tokenFor(app, o.email, password);
      const totals = await call(app, { method: 'GET', url: '/v1/events/total', token });
      expect(totals.status).toBe(200);
      expect(totals.body.data).toEqual({ active: seen.events.active.length, draft: seen.events.draft.length, passed: seen.events.passed.length });
      const lists: Record<ListGroup, string> = { active: '/v1/events/lists', passed: '/v1/events/lists?showConcludedEvent=true', draft: '/v1/events/draft/lists' };
      for (const g of GROUPS) {
        const docs = await allDocs(app, token, lists[g]);
        expect(byId(docs.map((d) => ({ id: d.id, name: d.name }))), `${o.email} ${g}`).toEqual(seen.events[g]);
      }
      expect((await allDocs(app, token, '/v1/certificates')).map((c) => c.id).sort()).toEqual(seen.certificates);
      expect((await allDocs(app, token, '/v1/transactions/eo/coin/withdrawal')).map((w) => w._id).sort()).toEqual(seen.withdrawals);
      for (const c of seen.coinAccounts) {
        const res = await call(app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${c.eventId}`, token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect({ id: res.body.data.result._id, balance: res.body.data.result.coinAmount }).toEqual({ id: c.id, balance: c.balance });
      }
      const caller = await callerFor(database.db, o.id);
      for (const u of seen.uploads) {
        expect((await findPermittedUpload(database.db, caller, Permission.UploadRead, { id: u.id }, u.docType))?.id).toBe(u.id);
      }
      // Nobody else's uploads.
      for (const other of organizers.filter((x) => x.id !== o.id)) {
        for (const u of before.views.get(other.id)!.uploads) {
          expect(await findPermittedUpload(database.db, caller, Permission.UploadRead, { id: u.id }, u.docType)).toBeUndefined();
        }
      }
    }
  } finally {
    await app.close();
    rmSync(config.tmpDir, { recursive: true, force: true });
  }
}

const kinds = (['pglite', 'postgres'] as const).filter((k) => k === 'pglite' || process.env.TEST_DATABASE_URL);

const demoCases = kinds.flatMap((kind) => [
  { kind, extras: false, label: `${kind}: the demo database as it is` },
  { kind, extras: true, label: `${kind}: the demo database with certificates and withdrawals added` },
]);

describe.each(demoCases)('migration 0009 on a copy of the demo database ($label)', ({ kind, extras }) => {
  let own: OwnDatabase;
  let before: Snapshot;

  beforeAll(async () => {
    own = await ownDatabase(kind);
    await migrateTo(own.database, 8);
    await runScript(own, demoDump());
    if (extras) await runScript(own, demoExtras());
    before = await snapshot(own.database, new Date(), true);
    await own.database.migrate();
  }, 120_000);
  afterAll(async () => own?.close());

  it('the copy holds the demo data of the previous release', () => {
    expect(before.organizers.map((o) => o.email)).toEqual(['admin@demo.id', 'organizer2@demo.id', 'organizer@demo.id']);
    expect(before.counts.events).toBeGreaterThan(0);
    expect(before.counts.registrants).toBeGreaterThan(0);
    expect(before.counts.ledger_entries).toBeGreaterThan(0);
    expect(before.counts).not.toHaveProperty('organizations');
    // The organizers had something to see: events in each group, coin accounts with money, uploads.
    const seen = [...before.views.values()];
    for (const g of GROUPS) expect(seen.some((v) => v.events[g].length > 0)).toBe(true);
    expect(seen.some((v) => v.coinAccounts.some((c) => c.balance > 0))).toBe(true);
    expect(seen.some((v) => v.uploads.length > 0)).toBe(true);
    if (extras) {
      expect(seen.filter((v) => v.certificates.length === 3)).toHaveLength(2);
      expect(seen.some((v) => v.withdrawals.length > 0)).toBe(true);
    }
  });

  it('moves every row: counts equal, no id lost, each organizer owns one organization holding their records', async () => {
    await expectMoved(own.database, before);
  });

  it('every organizer sees exactly what they saw before, through the API', async () => {
    await expectSameThroughApi(own.database, before, 'demo-password');
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('migration 0009 on the scale-seeded PostgreSQL database', () => {
  let own: OwnDatabase;
  let before: Snapshot;
  let now: Date;
  let migrateMs: number;

  beforeAll(async () => {
    own = await ownDatabase('postgres');
    await migrateTo(own.database, 8);
    await seedScale0008(own.database.db);
    now = new Date();
    before = await snapshot(own.database, now, true);
    const t0 = performance.now();
    await own.database.migrate();
    migrateMs = performance.now() - t0;
    console.log(`migration 0009 at scale (${before.counts.events} events, ${before.organizers.length} organizers): ${migrateMs.toFixed(0)} ms`);
  }, 300_000);
  afterAll(async () => own?.close());

  it('moves every row', async () => {
    expect(before.counts.events).toBe(10_000);
    expect(before.organizers.length).toBe(100);
    await expectMoved(own.database, before);
  }, 120_000);

  it("each bench organizer's events, group by group, are the same through their organization's scope", async () => {
    const q = eventListQuerySchema.parse({ page: 1, limit: 100 });
    for (const o of before.organizers) {
      const scope = scopeOf(await callerFor(own.database.db, o.id), Permission.EventRead);
      expect(scope.organizationId).toBeDefined();
      for (const g of GROUPS) {
        const page = await listEvents(own.database.db, scope, g, q, now);
        expect(page.totalDocs).toBe(before.views.get(o.id)!.events[g].length);
        expect(byId(page.docs.map((d) => ({ id: d.id, name: d.name }))), `${o.email} ${g}`).toEqual(before.views.get(o.id)!.events[g]);
      }
    }
  }, 120_000);
});
