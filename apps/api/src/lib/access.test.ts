import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, events, memberships, uploads } from '../db/schema/index.js';
import { freshDatabase } from '../../test/harness.js';
import { callerFor, createEvent, createUsers, passwordHashed, simpleEvent } from '../../test/fixtures.js';
import { createUser } from '../modules/users/users.service.js';
import { allows, findPermittedUpload, Permission, requireCertificate, requireEvent, scopeOf } from './access.js';
import type { Caller } from './caller.js';
import { DomainError, invalid } from './errors.js';
import { httpStatusOf } from '../plugins/errors.js';

type Who = 'owner' | 'adminRole' | 'finance' | 'staff' | 'other' | 'admin';

/**
 * Which callers may do what to organization 1's event and certificate; everyone else gets 404.
 * owner, adminRole (role admin), finance and staff are members of organization 1; other is the
 * owner of organization 2; admin is a globalAdmin (platform-wide where ADMIN_REACHES_ALL says).
 */
const MATRIX: [Permission, Record<Who, boolean>][] = [
  [Permission.EventRead, { owner: true, adminRole: true, finance: true, staff: true, other: false, admin: true }],
  [Permission.EventUpdate, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: true }],
  [Permission.EventCertify, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: false }],
  [Permission.CertificateRead, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: true }],
  [Permission.CertificateUpdate, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: false }],
  [Permission.InvoiceRead, { owner: true, adminRole: true, finance: true, staff: false, other: false, admin: true }],
  [Permission.UploadRead, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: true }],
  [Permission.UploadAttach, { owner: true, adminRole: true, finance: false, staff: false, other: false, admin: false }],
  [Permission.PayoutRead, { owner: true, adminRole: false, finance: true, staff: false, other: false, admin: true }],
  [Permission.PayoutWithdraw, { owner: true, adminRole: false, finance: true, staff: false, other: false, admin: false }],
];
const EVENT_PERMISSIONS = [Permission.EventRead, Permission.EventUpdate, Permission.EventCertify];
const CERTIFICATE_PERMISSIONS = [Permission.CertificateRead, Permission.CertificateUpdate];
const UPLOAD_PERMISSIONS = [Permission.UploadRead, Permission.UploadAttach];
const CSV = { path: '2026/11/gate.csv' };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let callers: Record<Who, Caller>;
let eventId: string;
let deletedEventId: string;
let certificateId: string;
let organizationId: string;


const status = (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof DomainError ? httpStatusOf(e.code) : 500));

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  const { org1, org2, admin } = await createUsers(db);
  const owner = await callerFor(db, org1);
  organizationId = owner.organizationId!;
  const member = async (email: string, role: 'admin' | 'finance' | 'staff') => {
    const id = await createUser(db, { email, name: role, password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
    await db.insert(memberships).values({ organizationId, userId: id, role });
    return callerFor(db, id);
  };
  callers = {
    owner, adminRole: await member('a@x.id', 'admin'), finance: await member('f@x.id', 'finance'), staff: await member('s@x.id', 'staff'),
    other: await callerFor(db, org2), admin: await callerFor(db, admin, { isAdmin: true }),
  };
  eventId = await createEvent(db, org1, simpleEvent('Gate', { days: 10 }));
  deletedEventId = await createEvent(db, org1, simpleEvent('Gone', { days: 10 }));
  await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deletedEventId));
  await db.insert(uploads).values({ organizationId, ownerId: org1, docType: 'CSV', ...CSV, contentType: 'text/csv', size: 1 });
  [{ id: certificateId }] = await db.insert(certificates).values({ organizationId, creatorId: org1, eventId }).returning({ id: certificates.id });
});
afterAll(() => database.close());

describe('access gate', () => {
  for (const [permission, expected] of MATRIX) {
    for (const who of Object.keys(expected) as Who[]) {
      it(`${permission}: ${who} ${expected[who] ? 'may' : 'may not'}`, async () => {
        const c = callers[who];
        expect(allows(c, permission, organizationId)).toBe(expected[who]);
        if (c.isAdmin && expected[who]) expect(scopeOf(c, permission)).toEqual({});
        const want = expected[who] ? 200 : 404;
        if (EVENT_PERMISSIONS.includes(permission)) expect(await status(requireEvent(database.db, c, permission, eventId))).toBe(want);
        if (CERTIFICATE_PERMISSIONS.includes(permission)) expect(await status(requireCertificate(database.db, c, permission, certificateId))).toBe(want);
        if (UPLOAD_PERMISSIONS.includes(permission)) expect(Boolean(await findPermittedUpload(database.db, c, permission, CSV, 'CSV'))).toBe(expected[who]);
      });
    }
  }

  it('a malformed id, an unknown id and a deleted event are 404 for everyone, the admin included', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', deletedEventId]) {
      expect(await status(requireEvent(database.db, callers.admin, Permission.EventRead, id))).toBe(404);
      expect(await status(requireEvent(database.db, callers.owner, Permission.EventRead, id))).toBe(404);
    }
    expect(await status(requireCertificate(database.db, callers.owner, Permission.CertificateRead, 'nope'))).toBe(404);
  });

  it('returns the record, and throws the caller\'s own error when given one', async () => {
    expect((await requireEvent(database.db, callers.owner, Permission.EventRead, eventId)).id).toBe(eventId);
    expect((await requireCertificate(database.db, callers.owner, Permission.CertificateRead, certificateId)).status).toBe('drafted');
    const refusal = invalid('not yours');
    await expect(requireEvent(database.db, callers.admin, Permission.EventCertify, eventId, { orElse: () => refusal })).rejects.toBe(refusal);
  });

  it('callers asking for one event at once share its read, yet each gets the answer for their scope, and a write is seen by the next ask', async () => {
    const ask = (who: Who) => status(requireEvent(database.db, callers[who], Permission.EventRead, eventId));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask((['owner', 'staff', 'other', 'admin', 'finance'] as const)[i % 5])));
    expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => (i % 5 === 2 ? 404 : 200)));
    const renamed = 'Gate (renamed)';
    const first = requireEvent(database.db, callers.owner, Permission.EventRead, eventId);
    await database.db.update(events).set({ name: renamed }).where(eq(events.id, eventId));
    const after = await Promise.all([1, 2, 3].map(() => requireEvent(database.db, callers.owner, Permission.EventRead, eventId)));
    expect(after.map((e) => e.name)).toEqual([renamed, renamed, renamed]);
    await first;
    await database.db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, eventId));
    expect(await Promise.all([ask('owner'), ask('admin')])).toEqual([404, 404]);
    await database.db.update(events).set({ deletedAt: null, name: 'Gate' }).where(eq(events.id, eventId));
  });
});
