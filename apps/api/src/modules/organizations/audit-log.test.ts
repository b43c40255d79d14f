import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { organizationTestApp } from './organization-app.fixture.js';

const { t, o, fresh } = await organizationTestApp();

describe('GET /v1/organizations/:id/audit', () => {
  it('pages newest first with the actor joined, filters by actor and action, sorts ascending on request', async () => {
    const a = await fresh();
    const admin = await o.join(a.orgId, 'adm-audit@contoh.id', 'admin', a.token);
    await o.invite(a.orgId, 'audit1@contoh.id', 'staff', admin.token);
    await o.invite(a.orgId, 'audit2@contoh.id', 'staff', a.token);
    // An entry whose actor is gone (or a system action): actor null.
    await t.database.db.insert(auditLog).values({ organizationId: a.orgId, actorId: null, action: 'event.deleted', createdAt: new Date(Date.now() + 1000) });

    const page1 = await o.audit(a.orgId, 'limit=2', a.token);
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ page: 1, limit: 2, totalDocs: 5, totalPages: 3 });
    expect(page1.body.data.docs[0]).toMatchObject({ action: 'event.deleted', actor: null, ip: null });
    expect(page1.body.data.docs[1]).toEqual({
      id: expect.any(String), action: 'member.invited', actor: { userId: a.userId, name: a.name, email: a.email }, apiKey: null,
      targetType: 'invitation', targetId: expect.any(String), summary: 'audit2@contoh.id', ip: '127.0.0.1', userAgent: 'lightMyRequest', createdAt: expect.any(String),
    });
    const page3 = await o.audit(a.orgId, 'limit=2&page=3', a.token);
    expect(page3.body.data.docs).toHaveLength(1);
    expect(page3.body.data.docs[0]).toMatchObject({ action: 'member.invited', summary: 'adm-audit@contoh.id' });

    const asc = (await o.audit(a.orgId, 'sortBy=asc', a.token)).body.data.docs.map((d: { createdAt: string }) => d.createdAt);
    expect(asc).toEqual([...asc].sort());
    const byAdmin = await o.audit(a.orgId, `filters=${encodeURIComponent(JSON.stringify({ userId: admin.userId }))}`, admin.token);
    expect(byAdmin.body.data.docs.map((d: { action: string; summary: string }) => [d.action, d.summary])).toEqual([
      ['member.invited', 'audit1@contoh.id'], ['invitation.accepted', 'adm-audit@contoh.id'],
    ]);
    const accepted = await o.audit(a.orgId, `filters=${encodeURIComponent(JSON.stringify({ action: 'invitation.accepted' }))}`, a.token);
    expect(accepted.body.data).toMatchObject({ totalDocs: 1 });
    const beyond = await o.audit(a.orgId, 'page=9', a.token);
    expect(beyond.body.data).toMatchObject({ docs: [], totalDocs: 5 });
  });

  it('refuses bad filters (400), finance and staff (403) and non-members (404); shows no other organization', async () => {
    const a = await fresh();
    const b = await fresh();
    await o.invite(b.orgId, 'rahasia-b@contoh.id', 'staff', b.token);
    expect((await o.audit(a.orgId, 'filters=%7Bnope', a.token)).status).toBe(400);
    expect((await o.audit(a.orgId, `filters=${encodeURIComponent('{"action":"hack"}')}`, a.token)).status).toBe(400);
    expect((await o.audit(a.orgId, `filters=${encodeURIComponent('{"userId":"x"}')}`, a.token)).status).toBe(400);
    expect((await o.audit(a.orgId, 'limit=1000', a.token)).status).toBe(400);
    const finance = await o.join(a.orgId, 'keu-audit@contoh.id', 'finance', a.token);
    expect((await o.audit(a.orgId, '', finance.token)).status).toBe(403);
    expect((await o.audit(b.orgId, '', a.token)).status).toBe(404);
    expect(JSON.stringify((await o.audit(a.orgId, 'limit=100', a.token)).body)).not.toContain('rahasia-b');
  });
});
