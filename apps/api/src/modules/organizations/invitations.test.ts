import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  fill, INVITATION_DAILY_CAP, INVITATION_MAX_RESENDS, INVITATION_TTL_DAYS, MAIL_MSG, MESSAGE_ID, MSG, ORG_MSG, ORG_ROLE_LABEL,
} from '@eo/contract';
import { invitations, memberships, users } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { tokenFor } from '../../../test/harness.js';
import { callerFor } from '../../../test/fixtures.js';
import { DomainError } from '../../lib/errors.js';
import { httpStatusOf } from '../../plugins/errors.js';
import { InvitationsService } from './invitations.service.js';
import { organizationTestApp } from './organization-app.fixture.js';

const DAY = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const { t, ids, org1, org2, o, fresh, auditOf } = await organizationTestApp();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('POST /v1/organizations/:id/invitations', () => {
  it('stores only the hash of the token, mails the link and records the audit entry', async () => {
    const a = await fresh();
    const before = Date.now();
    const res = await o.invite(a.orgId, '  Baru@Contoh.id ', 'admin', a.token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(fill(ORG_MSG.invited, { email: 'baru@contoh.id' }));
    const result = res.body.data.result;
    expect(result).toEqual({ id: expect.any(String), email: 'baru@contoh.id', role: 'admin', expiresAt: expect.any(String), invitedBy: a.name });
    const expiresIn = new Date(result.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(INVITATION_TTL_DAYS * DAY - 1000);
    expect(expiresIn).toBeLessThanOrEqual(INVITATION_TTL_DAYS * DAY + 60_000);

    const mail = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('baru@contoh.id')).at(-1)!;
    expect(mail.subject).toBe(fill(MAIL_MSG.inviteSubject, { organization: a.name }));
    expect(mail.text).toContain(fill(MAIL_MSG.invite, { inviter: a.name, organization: a.name, role: ORG_ROLE_LABEL.admin }));
    expect(mail.text).toContain(MAIL_MSG.inviteNotYou);
    const link = await o.lastLink('baru@contoh.id');
    expect(mail.text).toContain(fill(MAIL_MSG.inviteLink, { days: INVITATION_TTL_DAYS, url: `${t.config.publicUrl}/invite/${link}` }));
    expect(Buffer.from(link, 'base64url')).toHaveLength(32);

    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, result.id));
    expect(row.tokenHash).toBe(sha256(link));
    expect(JSON.stringify(row)).not.toContain(link);

    const entries = await auditOf(a.orgId);
    expect(entries).toEqual([expect.objectContaining({
      action: 'member.invited', actorId: a.userId, targetType: 'invitation', targetId: result.id, summary: 'baru@contoh.id', detail: { role: 'admin' },
    })]);
  });

  it('an admin invites below owner but never an owner; finance and staff invite no one', async () => {
    const a = await fresh();
    const admin = await o.join(a.orgId, 'adm-invite@contoh.id', 'admin', a.token);
    expect((await o.invite(a.orgId, 'staf-by-admin@contoh.id', 'staff', admin.token)).status).toBe(201);
    const owner = await o.invite(a.orgId, 'owner-by-admin@contoh.id', 'owner', admin.token);
    expect(owner.status).toBe(403);
    expect(owner.body).toMatchObject({ messageId: MESSAGE_ID.forbiddenRole, message: ORG_MSG.adminCannotManageOwner });
    expect((await o.invite(a.orgId, 'owner-by-owner@contoh.id', 'owner', a.token)).status).toBe(201);

    const staff = await o.join(a.orgId, 'staf-invite@contoh.id', 'staff', a.token);
    const refused = await o.invite(a.orgId, 'x@contoh.id', 'staff', staff.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ messageId: MESSAGE_ID.forbiddenRole, message: ORG_MSG.forbiddenRole });
    expect((await o.invite(a.orgId, 'x@contoh.id', 'staff', org2)).status).toBe(404);
  });

  it('refuses a member (409), replaces an open invitation of the same email, refuses a bad email (400)', async () => {
    const a = await fresh();
    await o.join(a.orgId, 'sudah@contoh.id', 'staff', a.token);
    const member = await o.invite(a.orgId, 'SUDAH@contoh.id', 'finance', a.token);
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(ORG_MSG.alreadyMember);
    const self = await o.invite(a.orgId, a.email, 'staff', a.token);
    expect(self.status).toBe(409);

    const first = await o.invite(a.orgId, 'dua-kali@contoh.id', 'staff', a.token);
    const firstLink = await o.lastLink('dua-kali@contoh.id');
    const second = await o.invite(a.orgId, 'Dua-Kali@contoh.id', 'finance', a.token);
    expect(second.status).toBe(201);
    expect(second.body.data.result.id).not.toBe(first.body.data.result.id);
    const secondLink = await o.lastLink('dua-kali@contoh.id');
    expect(secondLink).not.toBe(firstLink);
    expect((await o.preview(firstLink)).status).toBe(410);
    expect((await o.preview(secondLink)).body.data.result.role).toBe('finance');
    const open = (await o.members(a.orgId, a.token)).body.data.invitations;
    expect(open.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([['dua-kali@contoh.id', 'finance']]);

    const bad = await o.invite(a.orgId, 'bukan-email', 'staff', a.token);
    expect(bad.status).toBe(400);
    expect((await o.api('POST', `/v1/organizations/${a.orgId}/invitations`, a.token, { email: 'a@contoh.id', role: 'boss' })).status).toBe(400);
  });

  it('an admin may not replace an open owner invitation', async () => {
    const a = await fresh();
    const admin = await o.join(a.orgId, 'adm-replace@contoh.id', 'admin', a.token);
    await o.invite(a.orgId, 'calon-pemilik@contoh.id', 'owner', a.token);
    const res = await o.invite(a.orgId, 'calon-pemilik@contoh.id', 'staff', admin.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORG_MSG.adminCannotManageOwner);
  });
});

describe('resending and revoking an invitation', () => {
  it('resend: a new link and a new week, the old link stops working, mailed again', async () => {
    const a = await fresh();
    const invited = (await o.invite(a.orgId, 'ulang@contoh.id', 'staff', a.token)).body.data.result;
    const oldLink = await o.lastLink('ulang@contoh.id');
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() + DAY) }).where(eq(invitations.id, invited.id));
    const mailsBefore = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('ulang@contoh.id')).length;

    const res = await o.resend(a.orgId, invited.id, a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ id: invited.id, email: 'ulang@contoh.id', role: 'staff' });
    expect(new Date(res.body.data.result.expiresAt).getTime()).toBeGreaterThan(Date.now() + (INVITATION_TTL_DAYS - 1) * DAY);
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('ulang@contoh.id'))).toHaveLength(mailsBefore + 1);
    const newLink = await o.lastLink('ulang@contoh.id');
    expect(newLink).not.toBe(oldLink);
    expect((await o.preview(oldLink)).status).toBe(410);
    expect((await o.accept(oldLink, { name: 'Ulang', password: 'password-ulang' })).status).toBe(410);
    expect((await o.preview(newLink)).status).toBe(200);
  });

  it(`resend: at most ${INVITATION_MAX_RESENDS} times an invitation, then 429`, async () => {
    const a = await fresh();
    const invited = (await o.invite(a.orgId, 'sering@contoh.id', 'staff', a.token)).body.data.result;
    for (let i = 0; i < INVITATION_MAX_RESENDS; i++) expect((await o.resend(a.orgId, invited.id, a.token)).status).toBe(200);
    const mails = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('sering@contoh.id')).length;
    const refused = await o.resend(a.orgId, invited.id, a.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ messageId: MESSAGE_ID.tooManyRequests, message: fill(ORG_MSG.invitationResendCap, { n: INVITATION_MAX_RESENDS }) });
    expect((await readOutbox(t.config.dataDir)).filter((m) => m.to.includes('sering@contoh.id'))).toHaveLength(mails);
    // Inviting the address again is a new invitation, with resends of its own.
    const again = (await o.invite(a.orgId, 'sering@contoh.id', 'staff', a.token)).body.data.result;
    expect((await o.resend(a.orgId, again.id, a.token)).status).toBe(200);
  });

  it(`an organization sends at most ${INVITATION_DAILY_CAP} invitation mails in 24 hours, resends included`, async () => {
    const a = await fresh();
    const first = (await o.invite(a.orgId, 'harian-0@contoh.id', 'staff', a.token)).body.data.result;
    expect((await o.resend(a.orgId, first.id, a.token)).status).toBe(200);
    for (let i = 2; i < INVITATION_DAILY_CAP; i++) expect((await o.invite(a.orgId, `harian-${i}@contoh.id`, 'staff', a.token)).status).toBe(201);
    const over = await o.invite(a.orgId, 'harian-lebih@contoh.id', 'staff', a.token);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ messageId: MESSAGE_ID.tooManyRequests, message: fill(ORG_MSG.invitationDailyCap, { cap: INVITATION_DAILY_CAP }) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 120);
    expect((await o.resend(a.orgId, first.id, a.token)).status).toBe(429);
    expect((await t.database.db.select().from(invitations).where(eq(invitations.email, 'harian-lebih@contoh.id')))).toEqual([]);
    // Another organization is not held back; a day later the first may invite again.
    const b = await fresh();
    expect((await o.invite(b.orgId, 'harian-lebih@contoh.id', 'staff', b.token)).status).toBe(201);
    const service = new InvitationsService(t.database.db, { send: async () => ({ messageId: 'x' }), close: () => undefined }, t.config.publicUrl);
    const caller = await callerFor(t.database.db, a.userId, { organizationId: a.orgId });
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    await expect(service.invite(caller, { email: 'harian-lebih@contoh.id', role: 'staff' }, tomorrow)).resolves.toMatchObject({ email: 'harian-lebih@contoh.id' });
  });

  it('revoke: the link stops working, the audit log says so, a second revoke is 404', async () => {
    const a = await fresh();
    const invited = (await o.invite(a.orgId, 'batal@contoh.id', 'finance', a.token)).body.data.result;
    const link = await o.lastLink('batal@contoh.id');
    const res = await o.revoke(a.orgId, invited.id, a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ id: invited.id, email: 'batal@contoh.id', role: 'finance' });
    expect((await o.preview(link)).status).toBe(410);
    expect((await o.members(a.orgId, a.token)).body.data.invitations).toEqual([]);
    expect((await auditOf(a.orgId)).map((e) => e.action).sort()).toEqual(['invitation.revoked', 'member.invited']);
    expect((await o.revoke(a.orgId, invited.id, a.token)).status).toBe(404);
    expect((await o.resend(a.orgId, invited.id, a.token)).status).toBe(404);
  });

  it("unknown, malformed and other organizations' invitations are 404; an admin leaves owner invitations alone", async () => {
    const a = await fresh();
    const b = await fresh();
    const theirs = (await o.invite(b.orgId, 'milik-b@contoh.id', 'staff', b.token)).body.data.result;
    for (const id of [UNKNOWN, theirs.id]) {
      expect((await o.resend(a.orgId, id, a.token)).status).toBe(404);
      expect((await o.revoke(a.orgId, id, a.token)).status).toBe(404);
    }
    // A malformed invitation id fails the contract's params schema; a malformed organization id, the gate.
    expect((await o.revoke(a.orgId, 'bukan-uuid', a.token)).status).toBe(400);
    expect((await o.revoke('bukan-uuid', UNKNOWN, a.token)).status).toBe(404);
    const admin = await o.join(a.orgId, 'adm-resend@contoh.id', 'admin', a.token);
    const ownerInvitation = (await o.invite(a.orgId, 'pemilik-baru@contoh.id', 'owner', a.token)).body.data.result;
    for (const res of [await o.resend(a.orgId, ownerInvitation.id, admin.token), await o.revoke(a.orgId, ownerInvitation.id, admin.token)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ messageId: MESSAGE_ID.forbiddenRole, message: ORG_MSG.adminCannotManageOwner });
    }
    const staffInvitation = (await o.invite(a.orgId, 'staf-baru@contoh.id', 'staff', a.token)).body.data.result;
    expect((await o.resend(a.orgId, staffInvitation.id, admin.token)).status).toBe(200);
    expect((await o.revoke(a.orgId, staffInvitation.id, admin.token)).status).toBe(200);
  });
});

describe('GET /v1/invitations/:token', () => {
  it('shows the organization, email, role, whether the email has an account, and the expiry', async () => {
    const a = await fresh();
    await o.invite(a.orgId, 'organizer2@demo.id', 'finance', a.token);
    const existing = await o.preview(await o.lastLink('organizer2@demo.id'));
    expect(existing.status).toBe(200);
    expect(existing.body.data.result).toEqual({
      organizationName: a.name, email: 'organizer2@demo.id', role: 'finance', hasAccount: true, expiresAt: expect.any(String),
    });
    await o.invite(a.orgId, 'orang-baru@contoh.id', 'staff', a.token);
    expect((await o.preview(await o.lastLink('orang-baru@contoh.id'))).body.data.result).toMatchObject({ hasAccount: false, role: 'staff' });
  });

  it('an unknown, expired, accepted or revoked link is 410 INVITATION_EXPIRED', async () => {
    const a = await fresh();
    const unknown = await o.preview('x'.repeat(43));
    expect(unknown.status).toBe(410);
    expect(unknown.body).toMatchObject({ messageId: MESSAGE_ID.invitationExpired, message: ORG_MSG.invitationExpired });

    const invited = (await o.invite(a.orgId, 'kedaluwarsa@contoh.id', 'staff', a.token)).body.data.result;
    const link = await o.lastLink('kedaluwarsa@contoh.id');
    await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, invited.id));
    expect((await o.preview(link)).status).toBe(410);
    const late = await o.accept(link, { name: 'Telat', password: 'password-telat' });
    expect(late.status).toBe(410);
    expect(late.body.messageId).toBe(MESSAGE_ID.invitationExpired);

    await o.join(a.orgId, 'diterima@contoh.id', 'staff', a.token);
    expect((await o.preview(await o.lastLink('diterima@contoh.id'))).status).toBe(410);
    expect((await o.preview('pendek')).status).toBe(400);
  });
});

describe('POST /v1/invitations/:token/accept', () => {
  it('a new person gives a name and a password: the account is made, joins with the role, signs in normally', async () => {
    const a = await fresh();
    await o.invite(a.orgId, 'Anggota.Baru@contoh.id', 'finance', a.token);
    const link = await o.lastLink('anggota.baru@contoh.id');
    const none = await o.accept(link, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(ORG_MSG.invitationNeedsProfile);
    const noPassword = await o.accept(link, { name: 'Anggota Baru' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe(ORG_MSG.invitationNeedsProfile);
    const short = await o.accept(link, { name: 'Anggota Baru', password: 'pendek' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MSG.passwordMin);

    const res = await o.accept(link, { name: 'Anggota Baru', password: 'password-baru' });
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual({ id: a.orgId, name: a.name, role: 'finance' });
    expect((await o.accept(link, { name: 'Anggota Baru', password: 'password-baru' })).status).toBe(410);

    const { token } = await tokenFor(t.app, 'anggota.baru@contoh.id', 'password-baru');
    // Joined, and no personal organization of their own.
    expect((await o.list(token)).body.data.docs).toEqual([{ id: a.orgId, name: a.name, role: 'finance' }]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'anggota.baru@contoh.id'));
    expect(user).toMatchObject({ name: 'Anggota Baru', roles: ['eventOrganizer'] });
    const accepted = (await auditOf(a.orgId)).find((e) => e.action === 'invitation.accepted');
    expect(accepted).toMatchObject({ actorId: user.id, targetType: 'invitation', summary: 'anggota.baru@contoh.id', detail: { role: 'finance' } });
  });

  it('an existing account signs in first: 409 without a token, 403 for another email, joins with its own token', async () => {
    const a = await fresh();
    await o.invite(a.orgId, 'ORGANIZER2@demo.id', 'admin', a.token);
    const link = await o.lastLink('organizer2@demo.id');
    const anonymous = await o.accept(link, { name: 'Orang Lain', password: 'password-lain' });
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.message).toBe(ORG_MSG.invitationNeedsAccount);
    const wrong = await o.accept(link, {}, org1);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(fill(ORG_MSG.invitationEmailMismatch, { email: 'organizer2@demo.id' }));
    expect((await o.accept(link, {}, 'not-a-token')).status).toBe(401);

    const res = await o.accept(link, {}, org2);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual({ id: a.orgId, name: a.name, role: 'admin' });
    expect((await o.list(org2)).body.data.docs.map((d: { id: string; role: string }) => d.role)).toContain('admin');
    const member = await t.database.db.select().from(memberships).where(sql`${memberships.organizationId} = ${a.orgId} and ${memberships.userId} = ${ids.org2}`);
    expect(member).toHaveLength(1);
    // org2 now acts in the organization by naming it.
    expect((await o.members(a.orgId, org2)).status).toBe(200);
  });
});

describe('an invitation whose mail cannot be sent', () => {
  it('is refused with 502 INVITATION_MAIL_FAILED and leaves no invitation nor audit entry behind', async () => {
    const db = t.database.db;
    const caller = await callerFor(db, ids.org1);
    const mailer = { send: async () => { throw new Error('smtp down'); }, close: () => undefined };
    const service = new InvitationsService(db, mailer, 'https://eo.contoh.id');
    const email = 'tak-terkirim@contoh.id';
    const refused = await service.invite(caller, { email, role: 'staff' }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(MESSAGE_ID.invitationMailFailed);
    expect(httpStatusOf((refused as DomainError).code)).toBe(502);
    expect(await db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    expect((await auditOf(caller.organizationId!)).filter((a) => a.summary === email)).toEqual([]);
  });
});
