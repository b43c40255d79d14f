import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CERT_DEFAULTS, CERT_RULES_MSG, ORGANIZATION_HEADER, type CertificatePayload, type CertificateRules, type TemplateObject } from '@eo/contract';
import { eventSessions, evaluationAnswers, evaluationForms, events, registrants, sessionCheckins } from '../../../db/schema/index.js';
import type { JobRow } from '../../../jobs/queue.js';
import { DiskStore } from '../../../lib/storage/disk-store.js';
import { call } from '../../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, registerMany, simpleEvent } from '../../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../../test/multipart.js';
import { publishCertificateHandler } from '../publish/publish-certificate.job.js';
import { fakeRenderer, publishPlace, silentLog } from '../publish/publish.fixture.js';

const DAY = 86_400_000;

/**
 * Test-only: an organizer's ended, approved event with five sessions and an evaluation form, one
 * without sessions, `people` registered to the first, members of each role, a template upload and
 * the publish job wired to the app's files (a fast renderer unless `realRenderer`).
 */
export async function eligibleWorld(n: number, opts: { realRenderer?: boolean } = {}) {
  const team = await createTeamApp();
  const { t } = team;
  const { db } = t.database;
  const eventId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Lima Sesi', { days: -2 }));
  const noSessionsId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Tanpa Sesi', { days: -2 }));
  for (const id of [eventId, noSessionsId]) await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, id));
  const start = Date.now() - 3 * DAY;
  const sessions = await db.insert(eventSessions).values(Array.from({ length: 5 }, (_, i) => ({
    eventId, name: `Sesi ${i + 1}`, startsAt: new Date(start + i * 3_600_000), endsAt: new Date(start + (i + 1) * 3_600_000), position: i,
  }))).returning({ id: eventSessions.id });
  await db.insert(evaluationForms).values({ eventId, opensAt: new Date(start), closesAt: new Date(Date.now() + 7 * DAY) });
  const people = await registerMany(db, eventId, n, new Date(start - DAY), 'layak');
  const organizationId = (await callerFor(db, team.ids.org1)).organizationId!;
  const members = await addMembers(t, organizationId, ['staff', 'finance', 'admin'], 'layak');
  const token = { owner: team.org1, org2: team.org2, ...members };
  const upload = multipartBody([{ name: 'docType', value: 'CertificateTemplate' }, file(await image(800, 566), 'template.png', 'image/png')]);
  const template = (await call(t.app, { method: 'POST', url: '/v1/upload', payload: upload.payload, headers: upload.headers, token: team.org1 })).body.data.url as string;
  const place = publishPlace(db, { ...(opts.realRenderer ? {} : { renderer: fakeRenderer }), storage: new DiskStore(path.join(t.config.dataDir, 'files')) });
  const headers = { [ORGANIZATION_HEADER]: organizationId };

  const box = (key: TemplateObject['key'], s: [number, number], e: [number, number]): TemplateObject => ({
    key, placeholder: { start: s, end: e }, anchor: { horizontal: 'middle', vertical: 'middle' },
    textStyle: { font: CERT_DEFAULTS.font, size: 40, color: CERT_DEFAULTS.color, charLength: 40 }, type: 'text',
  });
  let clock = start;
  return {
    t, db, eventId, noSessionsId, sessionIds: sessions.map((s) => s.id), people, token, headers, place,
    payload: (rules: CertificateRules | null, over: Partial<CertificatePayload> = {}): CertificatePayload => ({
      isDraft: false, eventId, recipientType: 'eligible', recipientCsv: null, templateBackgroundUrl: template, rules,
      serialNumberPrefix: 'LAYAK', groupName: CERT_RULES_MSG.groupName,
      templateObjects: [box('recipientName', [100, 250], [700, 350]), box('serialNumber', [250, 400], [550, 450])], ...over,
    }),
    create: (body: CertificatePayload, as = team.org1) => call(t.app, { method: 'POST', url: '/v1/certificates', payload: body, token: as, headers }),
    count: (rules: unknown, as = team.org1, event = eventId) => call(t.app, {
      method: 'GET', url: `/v1/certificates/eligible-count?eventId=${event}&rules=${encodeURIComponent(typeof rules === 'string' ? rules : JSON.stringify(rules))}`, token: as, headers,
    }),
    runJob: (certificateId: string) => publishCertificateHandler(place.deps)({
      job: { payload: { certificateId } } as JobRow, signal: new AbortController().signal, lastAttempt: false, log: silentLog,
    }),
    /** Person `i` attended the first `k` sessions (rows as the check-in code writes them). */
    attend: async (i: number, k: number) => {
      const registrantId = people[i]!.registrantId;
      if (k > 0) {
        await db.insert(sessionCheckins).values(sessions.slice(0, k).map((s) => ({ sessionId: s.id, registrantId, eventId, checkedInAt: new Date(clock += 1000) })))
          .onConflictDoNothing();
      }
    },
    /** Person `i` answered the evaluation (the row the public form writes). */
    answer: (i: number) => db.insert(evaluationAnswers).values({ registrantId: people[i]!.registrantId, eventId, answers: [] }).onConflictDoNothing(),
    refund: (i: number) => db.update(registrants).set({ status: 'refunded', cancelledAt: new Date() }).where(eq(registrants.id, people[i]!.registrantId)),
    close: async () => {
      place.close();
      await t.close();
    },
  };
}
export type EligibleWorld = Awaited<ReturnType<typeof eligibleWorld>>;
