import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_ID, ORG_MSG, ORGANIZATION_HEADER } from '@eo/contract';
import { invitations } from '../../db/schema/index.js';
import { tokenFor } from '../../../test/harness.js';
import { createEvent, simpleEvent } from '../../../test/fixtures.js';
import { organizationTestApp } from './organization-app.fixture.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const { t, ids, org1, org2, o, fresh, auditOf } = await organizationTestApp();

describe('GET /v1/organizations', () => {
  it("lists the caller's memberships with their role, oldest first", async () => {
    const res = await o.list(org1);
    expect(res.status).toBe(200);
    expect(res.body.data.docs).toEqual([{ id: expect.any(String), name: 'Organizer Satu', role: 'owner' }]);

    const a = await fresh();
    const m = await o.join(a.orgId, 'dua-org@contoh.id', 'finance', a.token);
    const b = await fresh();
    await o.invite(b.orgId, 'dua-org@contoh.id', 'staff', b.token);
    expect((await o.accept(await o.lastLink('dua-org@contoh.id'), {}, m.token)).status).toBe(200);
    expect((await o.list(m.token)).body.data.docs).toEqual([
      { id: a.orgId, name: a.name, role: 'finance' },
      { id: b.orgId, name: b.name, role: 'staff' },
    ]);
  });
});

describe('GET /v1/organizations/:id/members', () => {
  it('lists members (oldest first) and open invitations with who invited', async () => {
    const a = await fresh();
    const admin = await o.join(a.orgId, 'adm-members@contoh.id', 'admin', a.token);
    await o.invite(a.orgId, 'open@contoh.id', 'staff', admin.token);
    await o.invite(a.orgId, 'revoked@contoh.id', 'staff', a.token);
    await o.invite(a.orgId, 'expired@contoh.id', 'staff', a.token);
    const listed = (await o.members(a.orgId, a.token)).body.data;
    const revoked = listed.invitations.find((i: { email: string }) => i.email === 'revoked@contoh.id');
    await o.revoke(a.orgId, revoked.id, a.token);
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, 'expired@contoh.id'));

    const res = await o.members(a.orgId, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.docs).toEqual([
      { userId: a.userId, email: a.email, name: a.name, role: 'owner', joinedAt: expect.stringMatching(/Z$/) },
      { userId: admin.userId, email: 'adm-members@contoh.id', name: 'Anggota adm-members', role: 'admin', joinedAt: expect.stringMatching(/Z$/) },
    ]);
    expect(res.body.data.invitations).toEqual([
      { id: expect.any(String), email: 'open@contoh.id', role: 'staff', expiresAt: expect.any(String), invitedBy: 'Anggota adm-members' },
    ]);
  });

  it('is 404 for a non-member or a malformed id, 403 FORBIDDEN_ROLE for finance and staff', async () => {
    const a = await fresh();
    expect((await o.members(a.orgId, org2)).status).toBe(404);
    expect((await o.members(UNKNOWN, a.token)).status).toBe(404);
    expect((await o.members('not-a-uuid', a.token)).status).toBe(404);
    for (const role of ['finance', 'staff'] as const) {
      const m = await o.join(a.orgId, `${role}-members@contoh.id`, role, a.token);
      const res = await o.members(a.orgId, m.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ messageId: MESSAGE_ID.forbiddenRole, message: ORG_MSG.forbiddenRole });
    }
  });
});

describe('a globalAdmin outside the organization', () => {
  it('sees its members and audit log (the platform-wide view) but manages nothing in it', async () => {
    const a = await fresh();
    const m = await o.join(a.orgId, 'dilihat-admin@contoh.id', 'staff', a.token);
    const admin = (await tokenFor(t.app, 'admin@demo.id')).token;
    expect((await o.members(a.orgId, admin)).status).toBe(200);
    expect((await o.audit(a.orgId, '', admin)).status).toBe(200);
    expect((await o.members(UNKNOWN, admin)).status).toBe(404);
    expect((await o.audit(UNKNOWN, '', admin)).status).toBe(404);
    for (const res of [await o.invite(a.orgId, 'dari-admin@contoh.id', 'staff', admin), await o.changeRole(a.orgId, m.userId, 'finance', admin), await o.remove(a.orgId, m.userId, admin)]) {
      expect(res.status).toBe(403);
      expect(res.body.messageId).toBe(MESSAGE_ID.forbiddenRole);
    }
    expect((await o.leave(a.orgId, admin)).status).toBe(404);
  });
});

describe('PUT /v1/organizations/:id/members/:userId', () => {
  it('an owner changes a role (audited with from and to); the same role again changes nothing', async () => {
    const a = await fresh();
    const m = await o.join(a.orgId, 'naik@contoh.id', 'staff', a.token);
    const res = await o.changeRole(a.orgId, m.userId, 'admin', a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ userId: m.userId, email: 'naik@contoh.id', role: 'admin' });
    expect((await o.list(m.token)).body.data.docs[0].role).toBe('admin');
    expect((await o.changeRole(a.orgId, m.userId, 'admin', a.token)).status).toBe(200);
    const changes = (await auditOf(a.orgId)).filter((e) => e.action === 'member.role_changed');
    expect(changes).toEqual([expect.objectContaining({ actorId: a.userId, targetType: 'member', targetId: m.userId, summary: 'naik@contoh.id', detail: { from: 'staff', to: 'admin' } })]);
  });

  it('the last owner cannot be demoted (409 LAST_OWNER); with two owners one can', async () => {
    const a = await fresh();
    const last = await o.changeRole(a.orgId, a.userId, 'admin', a.token);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ messageId: MESSAGE_ID.lastOwner, message: ORG_MSG.lastOwner });
    const second = await o.join(a.orgId, 'pemilik-dua@contoh.id', 'owner', a.token);
    expect((await o.changeRole(a.orgId, a.userId, 'finance', second.token)).status).toBe(200);
    expect((await o.changeRole(a.orgId, second.userId, 'staff', second.token)).status).toBe(409);
  });

  it('an admin neither changes an owner nor makes one; staff change nothing; unknown members are 404', async () => {
    const a = await fresh();
    const admin = await o.join(a.orgId, 'adm-role@contoh.id', 'admin', a.token);
    const staff = await o.join(a.orgId, 'staf-role@contoh.id', 'staff', a.token);
    for (const res of [await o.changeRole(a.orgId, a.userId, 'staff', admin.token), await o.changeRole(a.orgId, staff.userId, 'owner', admin.token)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ messageId: MESSAGE_ID.forbiddenRole, message: ORG_MSG.adminCannotManageOwner });
    }
    expect((await o.changeRole(a.orgId, staff.userId, 'finance', admin.token)).status).toBe(200);
    expect((await o.changeRole(a.orgId, admin.userId, 'staff', staff.token)).status).toBe(403);
    expect((await o.changeRole(a.orgId, UNKNOWN, 'staff', a.token)).status).toBe(404);
    expect((await o.changeRole(a.orgId, ids.org2, 'staff', a.token)).status).toBe(404);
    expect((await o.changeRole(a.orgId, 'bukan-uuid', 'staff', a.token)).status).toBe(400);
    expect((await o.changeRole('bukan-uuid', staff.userId, 'staff', a.token)).status).toBe(404);
    expect((await o.api('PUT', `/v1/organizations/${a.orgId}/members/${staff.userId}`, a.token, { role: 'boss' })).status).toBe(400);
  });
});

describe('DELETE /v1/organizations/:id/members/:userId', () => {
  it('a removed member loses access at once: their token is 404 in the organization and sees none of its events', async () => {
    const a = await fresh();
    const eventId = await createEvent(t.database.db, a.userId, simpleEvent('Lomba Milik Organisasi', { days: 10 }));
    const m = await o.join(a.orgId, 'keluar@contoh.id', 'staff', a.token);
    const header = { [ORGANIZATION_HEADER]: a.orgId };
    const before = await o.api('GET', '/v1/events/lists', m.token, undefined, header);
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).toContain(eventId);

    const res = await o.remove(a.orgId, m.userId, a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ userId: m.userId, role: 'staff' });
    const after = await o.api('GET', '/v1/events/lists', m.token, undefined, header);
    expect(after.status).toBe(404);
    const withoutHeader = await o.api('GET', '/v1/events/lists', m.token);
    expect(JSON.stringify(withoutHeader.body)).not.toContain(eventId);
    expect((await o.api('GET', `/v1/events/detail?id=${eventId}`, m.token)).status).not.toBe(200);
    expect((await o.list(m.token)).body.data.docs).toEqual([]);
    expect((await auditOf(a.orgId)).filter((e) => e.action === 'member.removed')).toEqual([
      expect.objectContaining({ actorId: a.userId, targetType: 'member', targetId: m.userId, summary: 'keluar@contoh.id' }),
    ]);
    expect((await o.remove(a.orgId, m.userId, a.token)).status).toBe(404);
  });

  it('never the last owner (409); an admin never removes an owner (403) but removes others', async () => {
    const a = await fresh();
    const last = await o.remove(a.orgId, a.userId, a.token);
    expect(last.status).toBe(409);
    expect(last.body.messageId).toBe(MESSAGE_ID.lastOwner);
    const admin = await o.join(a.orgId, 'adm-remove@contoh.id', 'admin', a.token);
    const finance = await o.join(a.orgId, 'keu-remove@contoh.id', 'finance', a.token);
    const owner = await o.remove(a.orgId, a.userId, admin.token);
    expect(owner.status).toBe(403);
    expect(owner.body.message).toBe(ORG_MSG.adminCannotManageOwner);
    expect((await o.remove(a.orgId, admin.userId, finance.token)).status).toBe(403);
    expect((await o.remove(a.orgId, finance.userId, admin.token)).status).toBe(200);
  });
});

describe('POST /v1/organizations/:id/leave', () => {
  it('any member leaves (audited in that organization); the last owner cannot; a non-member gets 404', async () => {
    const a = await fresh();
    const m = await o.join(a.orgId, 'pamit@contoh.id', 'staff', a.token);
    const res = await o.leave(a.orgId, m.token);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ userId: m.userId, email: 'pamit@contoh.id', role: 'staff' });
    expect((await o.list(m.token)).body.data.docs).toEqual([]);
    expect((await auditOf(a.orgId)).filter((e) => e.action === 'member.left')).toEqual([
      expect.objectContaining({ actorId: m.userId, targetId: m.userId, summary: 'pamit@contoh.id' }),
    ]);
    expect((await o.leave(a.orgId, m.token)).status).toBe(404);

    const last = await o.leave(a.orgId, a.token);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ messageId: MESSAGE_ID.lastOwner, message: ORG_MSG.lastOwner });
    expect((await o.leave(a.orgId, org2)).status).toBe(404);
    expect((await o.leave('bukan-uuid', a.token)).status).toBe(404);

    const second = await o.join(a.orgId, 'pemilik-pamit@contoh.id', 'owner', a.token);
    expect((await o.leave(a.orgId, a.token)).status).toBe(200);
    expect((await o.members(a.orgId, second.token)).body.data.docs.map((d: { userId: string }) => d.userId)).toEqual([second.userId]);
  });
});
