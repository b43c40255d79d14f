import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ID } from '@eo/contract';
import { invitations, memberships, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { newOwner, orgCalls } from './organization-calls.fixture.js';

/**
 * Races on memberships, each side its own request through the whole app (gate included): they
 * run in parallel transactions on separate pooled connections, which is where the row locks matter.
 */
let t: TestApp;
let o: ReturnType<typeof orgCalls>;
const ROUNDS = 5;

beforeAll(async () => {
  t = await createTestApp();
  o = orgCalls(t);
});
afterAll(() => t.close());

const ownersOf = async (orgId: string) => t.database.db.select({ userId: memberships.userId }).from(memberships)
  .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'owner')));

describe('membership races', () => {
  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await newOwner(t, `saling-a${round}@contoh.id`);
      const b = await o.join(a.orgId, `saling-b${round}@contoh.id`, 'owner', a.token);
      const results = await Promise.all([
        o.changeRole(a.orgId, b.userId, 'admin', a.token),
        o.changeRole(a.orgId, a.userId, 'admin', b.token),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0], JSON.stringify(results.map((r) => r.body))).toBe(200);
      // The loser finds itself the last owner (409), or no longer an owner (403) if it read its role after the winner.
      expect([403, 409]).toContain(statuses[1]);
      const loser = results.find((r) => r.status !== 200)!;
      expect([MESSAGE_ID.lastOwner, MESSAGE_ID.forbiddenRole]).toContain(loser.body.messageId);
      expect(await ownersOf(a.orgId)).toHaveLength(1);
    }
  });

  it('two owners removing each other at once leave exactly one owner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await newOwner(t, `hapus-a${round}@contoh.id`);
      const b = await o.join(a.orgId, `hapus-b${round}@contoh.id`, 'owner', a.token);
      const results = await Promise.all([o.remove(a.orgId, b.userId, a.token), o.remove(a.orgId, a.userId, b.token), o.leave(a.orgId, a.token)]);
      expect(results.filter((r) => r.status === 200).length, JSON.stringify(results.map((r) => r.body))).toBeGreaterThanOrEqual(1);
      expect(results.every((r) => [200, 403, 404, 409].includes(r.status))).toBe(true);
      expect(await ownersOf(a.orgId)).toHaveLength(1);
    }
  });

  it('two accepts of one link at once (a new person): one account, one membership, the other 410', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await newOwner(t, `rebut-owner${round}@contoh.id`);
      const email = `rebutan${round}@contoh.id`;
      await o.invite(a.orgId, email, 'staff', a.token);
      const link = await o.lastLink(email);
      const results = await Promise.all([
        o.accept(link, { name: 'Rebutan Satu', password: 'password-satu' }),
        o.accept(link, { name: 'Rebutan Dua', password: 'password-dua' }),
      ]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, 410]);
      expect(results.find((r) => r.status === 410)!.body.messageId).toBe(MESSAGE_ID.invitationExpired);
      const accounts = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
      expect(accounts).toHaveLength(1);
      const joined = await t.database.db.select().from(memberships).where(eq(memberships.userId, accounts[0].id));
      expect(joined).toEqual([expect.objectContaining({ organizationId: a.orgId, role: 'staff' })]);
    }
  });

  it('two accepts of one link at once (a signed-in user): one membership, the other 410', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await newOwner(t, `rebut-owner-x${round}@contoh.id`);
      const member = await newOwner(t, `rebut-akun${round}@contoh.id`);
      await o.invite(a.orgId, member.email, 'finance', a.token);
      const link = await o.lastLink(member.email);
      const results = await Promise.all([o.accept(link, {}, member.token), o.accept(link, {}, member.token)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
      const joined = await t.database.db.select().from(memberships)
        .where(and(eq(memberships.userId, member.userId), eq(memberships.organizationId, a.orgId)));
      expect(joined).toHaveLength(1);
      const [invitation] = await t.database.db.select().from(invitations).where(eq(invitations.organizationId, a.orgId));
      expect(invitation.acceptedAt).not.toBeNull();
    }
  });

  it('two invitations of one email at once: both answered (one replaces the other), one open invitation left', async () => {
    const a = await newOwner(t, 'undang-bareng@contoh.id');
    const results = await Promise.all([
      o.invite(a.orgId, 'sama@contoh.id', 'staff', a.token),
      o.invite(a.orgId, 'SAMA@contoh.id', 'finance', a.token),
    ]);
    expect(results.map((r) => r.status), JSON.stringify(results.map((r) => r.body))).toEqual([201, 201]);
    expect((await o.members(a.orgId, a.token)).body.data.invitations).toHaveLength(1);
  });
});
