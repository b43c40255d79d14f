import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_RESULT_MSG, REVIEW_ID, REVIEW_MSG } from '@eo/contract';
import { events } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { detailAsPayload } from '../../../test/event-payload.js';

let t: TestApp;
let org1: string;
let admin: string;
let creatorId: string;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => call(t.app, { method, url, token, payload });
const detail = async (id: string) => (await api('GET', `/v1/events/detail?id=${id}`, org1)).body.data.result;
const publicEvent = async (id: string) => (await call(t.app, { method: 'GET', url: `/v1/public/events/${id}` })).body.data.result;
const edit = async (id: string, change: (p: any) => void) => {
  const p = detailAsPayload(await detail(id));
  change(p);
  const res = await api('PUT', `/v1/events/update?id=${id}`, org1, p);
  expect(res.status).toBe(200);
  return res.body;
};
const decide = (id: string, body: object, token = admin) => api('POST', `/v1/admin/events/${id}/revision`, token, body);
const mailsAbout = async (needle: string) => (await readOutbox(t.config.dataDir)).filter((m) => m.text.includes(needle));
/** An approved, free event on sale: the public page shows it. */
const approved = (name: string) => createEvent(t.database.db, creatorId, simpleEvent(name, { days: 10, quota: 20 }));

beforeAll(async () => {
  let ids;
  ({ t, ids, org1, admin } = await createTeamApp());
  creatorId = ids.org1;
});
afterAll(() => t.close());

describe('public-facing edits of an approved event wait as a revision', () => {
  it('the approved version stays public; the queue shows what changed; quotas apply at once', async () => {
    const id = await approved('Revisi Ditahan');
    const before = await detail(id);
    const body = await edit(id, (p) => {
      p.tickets[0].name = 'KLAIM HADIAH di bit.ly/hadiah';
      p.tickets[0].originalQuota = 30;
      p.tickets[0].registrationSteps.push({ name: 'Nomor PIN ATM kamu?', type: 'text', isRequired: true });
      p.whatsAppGroupLink = 'https://chat.whatsapp.com/lain';
    });
    expect(body.message).toBe(EVENT_RESULT_MSG.editedAwaitingReview);
    const after = body.data.result;
    expect(after.approvedStatus).toBe('approved');
    // Public: the approved names and questions; the operational quota is the new one.
    expect(after.tickets[0]).toMatchObject({ name: before.tickets[0].name, originalQuota: 30 });
    expect(after.whatsAppGroupLink).toBe(before.whatsAppGroupLink);
    const shown = await publicEvent(id);
    expect(shown.tickets.map((tk: { name: string }) => tk.name)).toEqual([before.tickets[0].name]);
    expect(JSON.stringify(shown)).not.toContain('PIN ATM');
    // The organizer's detail carries the revision, as saved, with what it changes.
    expect(after.revision.payload.tickets[0].name).toBe('KLAIM HADIAH di bit.ly/hadiah');
    expect(after.revision.changes.map((c: { label: string }) => c.label)).toEqual(['Ticket name', 'Registration questions', 'WhatsApp group link']);
    expect(after.revision.changes[0]).toEqual({ label: 'Ticket name', before: before.tickets[0].name, after: 'KLAIM HADIAH di bit.ly/hadiah' });
    const queue = await api('GET', '/v1/admin/events/revisions?limit=100', admin);
    expect(queue.status).toBe(200);
    const item = queue.body.data.docs.find((d: { id: string }) => d.id === id);
    expect(item).toMatchObject({ name: 'Revisi Ditahan', email: 'organizer@demo.id', changes: after.revision.changes });
  });

  it('approving publishes the revision (a new ticket too) and mails the organizer; a second decision is 409', async () => {
    const id = await approved('Revisi Disetujui');
    const before = await detail(id);
    await edit(id, (p) => {
      p.tickets[0].name = 'Peserta Pelajar';
      p.tickets.push({ ...p.tickets[0], id: undefined, name: 'Peserta Guru', registrationSteps: [] });
      p.benefits = ['__FREE_CERTIFICATE__', '__HANDOUT_MATERIALS__'];
    });
    expect((await publicEvent(id)).tickets).toHaveLength(1);
    const res = await decide(id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { result: { id, decision: 'approve', reason: null } }, message: REVIEW_MSG.revisionApproved });
    const shown = await publicEvent(id);
    expect(shown.tickets.map((tk: { name: string }) => tk.name)).toEqual(['Peserta Pelajar', 'Peserta Guru']);
    const now = await detail(id);
    expect(now).toMatchObject({ approvedStatus: 'approved', revision: null, benefits: ['__FREE_CERTIFICATE__', '__HANDOUT_MATERIALS__'] });
    expect(now.tickets[0].id).toBe(before.tickets[0].id);
    const [mail] = await mailsAbout('"Revisi Disetujui"');
    expect(mail).toMatchObject({ to: 'organizer@demo.id', subject: 'Perubahan event kamu disetujui' });
    expect(mail.text).toContain('Ticket name, Benefits');
    const again = await decide(id, { decision: 'reject', reason: 'Terlambat' });
    expect([again.status, again.body.messageId]).toEqual([409, REVIEW_ID.revisionNotPending]);
  });

  it('rejecting drops the revision, keeps the public version and mails the reason; a reason is required', async () => {
    const id = await approved('Revisi Ditolak');
    const before = await detail(id);
    await edit(id, (p) => { p.eventStreamLink = 'https://meet.example.org/lain'; });
    const noReason = await decide(id, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect((await decide(id, { decision: 'reject', reason: 'Link bukan milik penyelenggara' })).status).toBe(200);
    const now = await detail(id);
    expect(now).toMatchObject({ revision: null, eventStreamLink: before.eventStreamLink });
    const [mail] = await mailsAbout('"Revisi Ditolak"');
    expect(mail.subject).toBe('Perubahan event kamu belum disetujui');
    expect(mail.text).toContain('Link bukan milik penyelenggara');
    expect(mail.text).toContain('Streaming link');
  });

  it('a later edit replaces the revision; one back to the public version drops it', async () => {
    const id = await approved('Revisi Diganti');
    const original = (await detail(id)).tickets[0].name;
    await edit(id, (p) => { p.tickets[0].name = 'Nama Satu'; });
    const second = await edit(id, (p) => {
      expect(p.tickets[0].name).toBe(original);
      p.tickets[0].name = 'Nama Dua';
    });
    expect(second.data.result.revision.changes).toEqual([{ label: 'Ticket name', before: original, after: 'Nama Dua' }]);
    const back = await edit(id, (p) => { p.tickets[0].name = original; });
    expect([back.message, back.data.result.revision]).toEqual([EVENT_RESULT_MSG.edited, null]);
    const none = await decide(id, { decision: 'approve' });
    expect([none.status, none.body.messageId]).toEqual([409, REVIEW_ID.revisionNotPending]);
  });

  it('an edit that sends the event back to review applies whole and drops the revision', async () => {
    const id = await approved('Revisi Lalu Review');
    await edit(id, (p) => { p.tickets[0].name = 'Nama Tertahan'; });
    const body = await edit(id, (p) => { p.name = 'Revisi Lalu Review Ulang'; p.tickets[0].name = 'Nama Baru'; });
    expect(body.data.result).toMatchObject({ approvedStatus: 'pending', revision: null });
    expect(body.data.result.tickets[0].name).toBe('Nama Baru');
  });

  it('pending and rejected events apply every edit at once', async () => {
    const id = await approved('Revisi Belum Disetujui');
    await t.database.db.update(events).set({ approvedStatus: 'rejected' }).where(eq(events.id, id));
    const body = await edit(id, (p) => { p.tickets[0].name = 'Langsung'; });
    expect(body.data.result).toMatchObject({ approvedStatus: 'pending', revision: null });
    expect(body.data.result.tickets[0].name).toBe('Langsung');
  });

  it('is for globalAdmin only', async () => {
    expect((await api('GET', '/v1/admin/events/revisions', org1)).status).toBe(403);
    expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' }, org1)).status).toBe(403);
    expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).status).toBe(404);
  });
});
