import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_DEFAULTS, type AuditAction, type CertificatePayload, type TemplateObject } from '@eo/contract';
import { auditLog, events } from '../db/schema/index.js';
import { findMembership } from './access.repository.js';
import { call, type TestApp } from '../../test/harness.js';
import { createEvent, createTeamApp, registerMany, simpleEvent } from '../../test/fixtures.js';
import { validEventPayload } from '../../test/event-payload.js';
import { BCA, lastCode, moneyCalls, pastPaidEvent } from '../../test/money.js';
import { file, image, multipartBody } from '../../test/multipart.js';

/**
 * Every recorded action writes one audit row in the record's organization, in the
 * transaction of the change, with who (actor), what (action, target, summary) and from where
 * (ip, user agent). The log itself is append-only in the database.
 */

const UA = 'AuditTest/1.0 (Vitest)';
let t: TestApp;
let ids: Record<'org1' | 'org2' | 'admin' | 'participant', string>;
let tokens: { org1: string; org2: string; admin: string };
let orgOf: Record<'org1' | 'admin', string>;

beforeAll(async () => {
  ({ t, ids, ...tokens } = await createTeamApp());
  orgOf = {
    org1: (await findMembership(t.database.db, ids.org1, undefined))!.organizationId,
    admin: (await findMembership(t.database.db, ids.admin, undefined))!.organizationId,
  };
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = tokens.org1) =>
  call(t.app, { method, url, token, payload, headers: { 'user-agent': UA } });

/** The audit rows about `targetId`, oldest first. */
const rowsOf = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt), asc(auditLog.action));
const actionsOf = async (targetId: string) => (await rowsOf(targetId)).map((r) => r.action).sort();

/** One row as the organization's log must show it. */
function expectEntry(row: typeof auditLog.$inferSelect | undefined, want: { action: AuditAction; actor?: string; organization?: string; summary: string; targetType: string }) {
  expect(row).toMatchObject({
    action: want.action,
    actorId: want.actor ?? ids.org1,
    organizationId: want.organization ?? orgOf.org1,
    targetType: want.targetType,
    summary: want.summary,
    userAgent: UA,
  });
  expect(row!.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
}
const one = async (targetId: string, action: AuditAction) => {
  const rows = (await rowsOf(targetId)).filter((r) => r.action === action);
  expect(rows, action).toHaveLength(1);
  return rows[0];
};

describe('events', () => {
  it('a draft: event.created; its edits: event.updated; published with create?id=: event.submitted', async () => {
    const draft = await api('POST', '/v1/events/draft/create', { name: 'Draf Audit', agreement: true });
    expect(draft.status).toBe(201);
    const id = draft.body.data.result.id as string;
    expect(await actionsOf(id)).toEqual(['event.created']);
    expectEntry(await one(id, 'event.created'), { action: 'event.created', summary: 'Draf Audit', targetType: 'event' });

    expect((await api('PUT', `/v1/events/draft/update?id=${id}`, { name: 'Draf Audit Dua', agreement: true })).status).toBe(200);
    expectEntry(await one(id, 'event.updated'), { action: 'event.updated', summary: 'Draf Audit Dua', targetType: 'event' });

    const published = await api('POST', `/v1/events/create?id=${id}`, { ...validEventPayload(), name: 'Lomba Audit Terbit' });
    expect(published.status).toBe(201);
    expectEntry(await one(id, 'event.submitted'), { action: 'event.submitted', summary: 'Lomba Audit Terbit', targetType: 'event' });
    expect(await actionsOf(id)).toEqual(['event.created', 'event.submitted', 'event.updated']);
  });

  it('created straight for review: event.created and event.submitted; an edit: event.updated', async () => {
    const res = await api('POST', '/v1/events/create', { ...validEventPayload(), name: 'Lomba Audit Langsung' });
    expect(res.status).toBe(201);
    const e = res.body.data.result;
    expect(await actionsOf(e.id)).toEqual(['event.created', 'event.submitted']);
    for (const action of ['event.created', 'event.submitted'] as const) {
      expectEntry(await one(e.id, action), { action, summary: 'Lomba Audit Langsung', targetType: 'event' });
    }
    // Still pending review: an edit is an update only.
    const edit = await api('PUT', `/v1/events/update?id=${e.id}`, { ...validEventPayload(), name: 'Lomba Audit Diubah', tickets: e.tickets.map((tk: any) => ({ ...validEventPayload().tickets[0], id: tk.id })) });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expectEntry(await one(e.id, 'event.updated'), { action: 'event.updated', summary: 'Lomba Audit Diubah', targetType: 'event' });
    expect(await actionsOf(e.id)).toEqual(['event.created', 'event.submitted', 'event.updated']);
  });

  it('an approved event edited back into review: event.updated and event.submitted; by a globalAdmin: in the event’s organization', async () => {
    const res = await api('POST', '/v1/events/create', { ...validEventPayload(), name: 'Lomba Audit Disetujui' });
    const e = res.body.data.result;
    await t.database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, e.id));
    const tickets = e.tickets.map((tk: any) => ({ ...validEventPayload().tickets[0], id: tk.id }));
    const edit = await api('PUT', `/v1/events/update?id=${e.id}`, { ...validEventPayload(), name: 'Lomba Audit Ditinjau Lagi', tickets }, tokens.admin);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.result.approvedStatus).toBe('pending');
    expect(orgOf.admin).not.toBe(orgOf.org1);
    const byAdmin = (await rowsOf(e.id)).filter((r) => r.actorId === ids.admin);
    expect(byAdmin.map((r) => r.action).sort()).toEqual(['event.submitted', 'event.updated']);
    for (const row of byAdmin) {
      expectEntry(row, { action: row.action as AuditAction, actor: ids.admin, organization: orgOf.org1, summary: 'Lomba Audit Ditinjau Lagi', targetType: 'event' });
    }
  });

  it('a refused write records nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect((await api('POST', '/v1/events/create', { name: 'Tidak Lengkap', agreement: true })).status).toBe(400);
    expect((await api('POST', '/v1/events/draft/create', { name: 'Milik Orang', agreement: true }, tokens.org2)).status).toBe(201);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(after).toBe(before + 1);
  });
});

describe('money', () => {
  it('bank_account.saved (bank and last 4 digits only), withdrawal.requested and withdrawal.verified', async () => {
    const money = moneyCalls(t);
    const { id: eventId } = await pastPaidEvent(t.database.db, ids.org1, 'Konser Audit', 3);
    const coinId = (await money.coin(eventId, tokens.org1)).body.data.result._id as string;
    const headers = { 'user-agent': UA };
    const saved = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token: tokens.org1, headers, payload: { eoCoinId: coinId, bankAccount: BCA } });
    expect(saved.status).toBe(200);
    const bank = await one(coinId, 'bank_account.saved');
    expectEntry(bank, { action: 'bank_account.saved', summary: 'Konser Audit', targetType: 'coin_account' });
    expect(bank!.detail).toEqual({ eventId, bankCode: '014', accountNumberEnd: '7890' });
    expect(JSON.stringify(bank)).not.toContain(BCA.accountNumber);

    const requested = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal', token: tokens.org1, headers, payload: { amount: 20_000, withdrawDetail: { eoCoinId: coinId } } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const referenceId = requested.body.data.result.referenceId as string;
    const [w] = (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'withdrawal.requested'), sql`${auditLog.detail}->>'referenceId' = ${referenceId}`)));
    expectEntry(w, { action: 'withdrawal.requested', summary: 'Konser Audit', targetType: 'withdrawal' });
    expect(w!.detail).toEqual({ eventId, amount: 20_000, referenceId });

    const code = await lastCode(t.config.dataDir, 'organizer@demo.id');
    const verified = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal/verif', token: tokens.org1, headers, payload: { code, eoCoinId: coinId } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const v = await one(w!.targetId!, 'withdrawal.verified');
    expectEntry(v, { action: 'withdrawal.verified', summary: 'Konser Audit', targetType: 'withdrawal' });
    expect(v!.detail).toEqual({ eventId, amount: 20_000, referenceId });
  });
});

describe('certificates and exports', () => {
  let eventId: string;
  beforeAll(async () => {
    const fixture = simpleEvent('Seminar Audit', { days: -2 });
    eventId = await createEvent(t.database.db, ids.org1, fixture);
    await registerMany(t.database.db, eventId, 2, new Date(fixture.eventDay - 2 * 86_400_000), 'audit-');
  });

  it('certificate.published when a batch is created or saved with isDraft false, not for a draft', async () => {
    const upload = async (docType: string, part: Parameters<typeof multipartBody>[0][number]) => {
      const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, part]);
      const res = await call(t.app, { method: 'POST', url: '/v1/upload', payload, headers, token: tokens.org1 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.url as string;
    };
    const template = await upload('CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'));
    const csvUrl = await upload('CSV', file(Buffer.from('Nama,Email\nSari,sari@contoh.id\n'), 'peserta.csv', 'text/csv'));
    const box = (key: TemplateObject['key'], start: [number, number], end: [number, number]): TemplateObject => ({
      key, placeholder: { start, end }, anchor: { horizontal: 'middle', vertical: 'middle' },
      textStyle: { font: CERT_DEFAULTS.font, size: 40, color: CERT_DEFAULTS.color, charLength: 24 }, type: 'text',
    });
    const body = (isDraft: boolean): CertificatePayload => ({
      isDraft, eventId, recipientType: 'csv', templateBackgroundUrl: template, serialNumberPrefix: 'AUDIT-2026', groupName: 'Peserta',
      recipientCsv: { fileUrl: csvUrl, fileName: 'peserta.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
      templateObjects: [box('recipientName', [100, 250], [700, 350]), box('serialNumber', [250, 400], [550, 450])],
    });
    const draft = await api('POST', '/v1/certificates', body(true));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const draftId = draft.body.data.result.id as string;
    expect(await actionsOf(draftId)).toEqual([]);
    expect((await api('PUT', `/v1/certificates/${draftId}`, body(false))).status).toBe(200);
    const fromDraft = await one(draftId, 'certificate.published');
    expectEntry(fromDraft, { action: 'certificate.published', summary: 'Seminar Audit', targetType: 'certificate' });
    expect(fromDraft!.detail).toMatchObject({ eventId, totalRecipient: 1 });

    const direct = await api('POST', '/v1/certificates', body(false));
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);
    expectEntry(await one(direct.body.data.result.id, 'certificate.published'), { action: 'certificate.published', summary: 'Seminar Audit', targetType: 'certificate' });
  });

  it('export.downloaded for the participants (CSV) and the transactions (XLSX) downloads', async () => {
    const participants = await api('GET', `/v1/event-regist/export?eventId=${eventId}&format=csv`);
    expect(participants.status).toBe(200);
    const sales = await api('GET', `/v1/transactions/event/${eventId}/export?format=xlsx`, undefined, tokens.admin);
    expect(sales.status).toBe(200);
    const rows = (await rowsOf(eventId)).filter((r) => r.action === 'export.downloaded');
    expect(rows).toHaveLength(2);
    expectEntry(rows.find((r) => r.actorId === ids.org1), { action: 'export.downloaded', summary: 'Seminar Audit', targetType: 'event' });
    expect(rows.find((r) => r.actorId === ids.org1)!.detail).toEqual({ table: 'participants', format: 'csv', eventId });
    // A globalAdmin's download lands in the event's organization, not the admin's own.
    expectEntry(rows.find((r) => r.actorId === ids.admin), { action: 'export.downloaded', actor: ids.admin, summary: 'Seminar Audit', targetType: 'event' });
    expect(rows.find((r) => r.actorId === ids.admin)!.detail).toEqual({ table: 'transactions', format: 'xlsx', eventId });
    // Refused (another organization's event): nothing recorded.
    expect((await api('GET', `/v1/event-regist/export?eventId=${eventId}&format=csv`, undefined, tokens.org2)).status).toBe(404);
    expect((await rowsOf(eventId)).filter((r) => r.action === 'export.downloaded')).toHaveLength(2);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(t.database.db.update(auditLog).set({ summary: 'diubah' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });
});
