import { encodeSubTypes, eventPayloadSchema, wibDay, wibInstant, type EventPayloadInput } from '@eo/contract';
import type { Db } from '../db/client.js';
import { memberships } from '../db/schema/index.js';
import { findMembership } from '../lib/access.repository.js';
import { setApproval } from '../modules/events/events.service.js';
import { EventWriteService } from '../modules/events/event-write.service.js';
import { PlatformService } from '../modules/platform/platform.service.js';
import { createUser } from '../modules/users/users.service.js';
import { hashPassword } from '../modules/auth/auth.service.js';
import { DomainError, ERROR_CODE, type ErrorCode } from '../lib/errors.js';
import type { FileStore } from '../lib/storage/storage.js';
import { UploadService } from '../modules/uploads/uploads.service.js';
import { demoPoster, demoTwibbon } from './demo-posters.js';
import { DEMO_EVENTS, EDUCATION_WEIGHTS, FIRST_NAMES, GENDER_WEIGHTS, LAST_NAMES, type DemoEvent } from './demo-events.js';
import { seededRandom, type Random } from './random.js';
import { DEMO_ACCOUNTS, DEMO_MEMBERS, DEMO_PASSWORD } from './demo-accounts.js';

const DAY = 86_400_000;
const SKIPPED_SALE = new Set<ErrorCode>([ERROR_CODE.conflict, ERROR_CODE.ticketSoldOut, ERROR_CODE.maxTicketPerUser, ERROR_CODE.registrationClosed]);

function weighted(rnd: Random, table: [string, number][]): string {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rnd.next() * total;
  for (const [value, w] of table) if ((x -= w) < 0) return value;
  return table[table.length - 1][0];
}

const dayOffset = (now: Date, days: number) => wibDay(new Date(now.getTime() + days * DAY));

/** The free event with questions runs a twibbon campaign too. */
const hasTwibbon = (e: DemoEvent) => e.withQuestion === true && e.tickets.every((t) => t.price === 0);

/** The event as the wizard would send it to the create calls. */
function toPayload(e: DemoEvent, owner: { email: string; name: string }, now: Date, files: { imageUrl?: string; twibbonUrl?: string }): EventPayloadInput {
  const paid = e.tickets.some((t) => t.price > 0);
  const twibbon = hasTwibbon(e);
  return {
    name: e.name,
    type: e.type as EventPayloadInput['type'],
    subTypes: encodeSubTypes({
      subCategories: e.subCategory ? [{ value: e.subCategory }] : [],
      competitionFields: (e.competitionField ?? []).map((value) => ({ value })),
    }),
    competitionField: e.competitionField ?? [],
    description: e.description,
    imageUrl: files.imageUrl ?? null,
    isPaidEvent: paid,
    allowRegister: e.method !== 'none',
    registrationMethod: e.method === 'none' ? null : e.method,
    registrationUrl: e.method === 'external' ? 'https://forms.example.org/daftar' : null,
    experience: e.experience,
    eventStreamQuestion: e.experience === 'online' ? true : null,
    eventStreamLink: e.experience === 'online' ? 'https://meet.example.org/eo-demo' : null,
    location: e.location ?? null,
    eventCoordinateLat: e.coords?.[0] ?? null,
    eventCoordinateLong: e.coords?.[1] ?? null,
    benefits: ['__FREE_CERTIFICATE__', '__FREE_NETWORKING__', ...(e.type === 'Lomba' ? ['__MONEY_FOR_WINNERS__' as const] : [])],
    eligibilities: e.type === 'Lomba' ? ['__HIGH_SCHOOL__', '__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__'] : ['__PUBLIC__'],
    stepsToRegister: ['__TAKE_SCREENSHOT__'],
    afterRegistSteps: ['__JOIN_WHATSAPP_GROUP__', '__GET_YOUR_CERTIFICATE__'],
    whatsAppGroupLink: 'https://chat.whatsapp.com/DemoGroupLink',
    agreement: true,
    twibbonRequired: twibbon,
    twibbon: twibbon
      ? { customKey: 'cerdas-finansial', templateUrl: files.twibbonUrl, guide: ['Unduh template twibbon', 'Unggah ke Instagram dengan caption'], caption: 'Aku ikut Webinar Cerdas Finansial!' }
      : null,
    eventOrganizer: {
      name: owner.name, email: owner.email, confirmEmail: owner.email,
      phoneNumber: '6281234567890', phoneNumberExist: true,
      instagramProfileUrl: 'https://instagram.com/eo.demo', instagramProfileExist: true,
    },
    registrationSteps: e.withQuestion
      ? [
          {
            name: 'Dari mana kamu mengetahui event ini?', type: 'radio', isRequired: true, stepOrderNumber: 1,
            options: ['Instagram', 'Teman', 'Sekolah/Kampus', 'Website'].map((name, i) => ({ name, optionOrderNumber: i + 1 })),
          },
          { name: 'Apa harapanmu mengikuti event ini?', type: 'paragraph', isRequired: false, stepOrderNumber: 2 },
        ]
      : [],
    tickets: e.tickets.map((t) => ({
      name: t.name,
      type: t.price > 0 ? 'paid' : 'free',
      price: t.price,
      fakePrice: t.fakePrice ?? null,
      originalQuotaType: t.quota === -1 ? 'unlimited' : 'limited',
      originalQuota: t.quota,
      maxTicketPerUser: t.maxPerUser ?? -1,
      dates: t.days.map((d) => ({ date: dayOffset(now, d), startHour: t.hours[0], endHour: t.hours[1] })),
      eventTimeType: 'Single Time',
      registrationDeadline: { date: dayOffset(now, t.days[0] - (t.deadlineDaysBefore ?? 0)), hour: t.hours[0] },
    })),
    sessions: (e.sessions ?? []).map((s) => ({
      name: s.name, startsAt: `${dayOffset(now, s.day)}T${s.hours[0]}:00+07:00`, endsAt: `${dayOffset(now, s.day)}T${s.hours[1]}:00+07:00`,
    })),
  };
}

/**
 * Seeds the demo organization through the same service code the API uses; posters go through
 * the upload service into `storage`.
 */
export async function seedDemo(db: Db, storage: FileStore, now = new Date()): Promise<{ events: number; registrants: number }> {
  const rnd = seededRandom(20261121);
  const platform = new PlatformService(db);
  const uploads = new UploadService(db, storage);
  const writer = new EventWriteService(db);
  const ids = new Map<string, string>();
  const callers = new Map<string, Parameters<UploadService['store']>[0]>();
  // Every demo account has the one demo password: hashed once.
  const password = { hash: await hashPassword(DEMO_PASSWORD) };
  for (const account of DEMO_ACCOUNTS) {
    const id = await createUser(db, { ...account, roles: [...account.roles], password });
    ids.set(account.email, id);
    const m = await findMembership(db, id, undefined);
    callers.set(account.email, {
      userId: id, sessionId: '', email: account.email, name: account.name, level: '', roles: [...account.roles], isAdmin: false, organizationId: m?.organizationId, role: m?.role,
    });
  }
  for (const member of DEMO_MEMBERS) {
    const id = await createUser(db, { email: member.email, name: member.name, roles: ['eventOrganizer'], password, personalOrganization: false });
    await db.insert(memberships).values({ organizationId: callers.get(member.of)!.organizationId!, userId: id, role: member.role });
  }
  let registrantCount = 0;
  for (const e of DEMO_EVENTS) {
    const owner = DEMO_ACCOUNTS.find((a) => a.email === e.owner)!;
    const createdAt = new Date(now.getTime() - e.createdDaysAgo * DAY);
    const caller = callers.get(e.owner)!;
    const upload = async (docType: 'EventImage' | 'TwibbonTemplate', data: Buffer) =>
      uploads.store(caller, docType, { data, filename: `${docType}.png`, truncated: false });
    const files = {
      imageUrl: !e.draft || e.description ? await upload('EventImage', await demoPoster(e.type, rnd)) : undefined,
      twibbonUrl: hasTwibbon(e) ? await upload('TwibbonTemplate', await demoTwibbon(e.type, rnd)) : undefined,
    };
    // Created as an organizer would have created it, on the day it was: validated like any submit.
    const payload = eventPayloadSchema.parse(toPayload(e, owner, now, files));
    const eventId = await writer.create(caller, payload, e.draft ? 'draft' : 'submit', createdAt);
    if (e.draft) continue;
    // Only approved events sell. A demo event shown as waiting for review with registrants was
    // approved, sold, then edited (re-approval rule), so it is back in the admin's queue.
    const reviewedAt = new Date(createdAt.getTime() + DAY / 2);
    if (e.approved || e.registrants) await setApproval(db, eventId, 'approved', reviewedAt);
    registrantCount += await seedRegistrants(db, platform, rnd, e, eventId, createdAt, now);
    await seedViewsAndSaves(platform, rnd, e, eventId, createdAt, now);
    if (!e.approved && e.registrants) await setApproval(db, eventId, 'pending', now);
  }
  return { events: DEMO_EVENTS.length, registrants: registrantCount };
}

async function seedRegistrants(
  db: Db, platform: PlatformService, rnd: Random, e: DemoEvent, eventId: string, createdAt: Date, now: Date,
): Promise<number> {
  if (!e.registrants || e.method !== 'internal') return 0;
  const ticketRows = await db.query.tickets.findMany({ where: (t, { eq }) => eq(t.eventId, eventId), orderBy: (t, { asc }) => asc(t.position) });
  const questions = await db.query.registrationQuestions.findMany({ where: (q, { eq }) => eq(q.eventId, eventId) });
  let done = 0;
  const times = Array.from({ length: e.registrants }, () => rnd.next()).sort();
  for (const [i, f] of times.entries()) {
    const ticketIndex = rnd.int(0, ticketRows.length - 1);
    const ticket = ticketRows[ticketIndex];
    const deadline = ticket.registrationDeadlineAt ?? now;
    const end = Math.min(deadline.getTime(), now.getTime()) - 3_600_000;
    const at = new Date(createdAt.getTime() + DAY + f * Math.max(0, end - createdAt.getTime() - DAY));
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const email = `${first}.${last}${i}`.toLowerCase() + '@contoh.id';
    const answers = questions.map((q) => ({
      questionId: q.id,
      value: q.type === 'radio' ? rnd.pick(q.options).name : rnd.chance(0.5) ? 'Menambah wawasan dan relasi baru.' : '',
    }));
    const discounted = ticket.type === 'paid' && rnd.chance(e.discountRate ?? 0);
    try {
      const result = await platform.register(eventId, {
        ticketId: ticket.id,
        quantity: 1,
        participant: {
          name: `${first} ${last}`, email, phoneNumber: `628${rnd.int(11, 99)}${rnd.int(1000000, 9999999)}`,
          lastEducation: weighted(rnd, EDUCATION_WEIGHTS), gender: weighted(rnd, GENDER_WEIGHTS),
        },
        answers,
        discountCode: discounted ? 'PELAJAR20' : undefined,
        discountAmount: discounted ? Math.round((ticket.price * 0.2) / 1000) * 1000 : 0,
      }, at, { mailTicket: false });
      done++;
      if (result.transactionId && rnd.chance(e.refundRate ?? 0)) {
        await platform.refund(result.transactionId, new Date(Math.min(at.getTime() + DAY, now.getTime())));
        done--;
      }
    } catch (err) {
      // Sold out, the buyer's cap, registration closed: the demo buyer just moves on.
      if (!(err instanceof DomainError) || !SKIPPED_SALE.has(err.code)) throw err;
    }
  }
  return done;
}

/** Daily views and saves from publication until the event ended (or today), last 30 days. */
async function seedViewsAndSaves(platform: PlatformService, rnd: Random, e: DemoEvent, eventId: string, createdAt: Date, now: Date) {
  if (!e.views) return;
  const lastDay = Math.max(...e.tickets.flatMap((t) => t.days));
  const start = Math.max(createdAt.getTime(), now.getTime() - 30 * DAY);
  const end = Math.min(now.getTime(), now.getTime() + lastDay * DAY);
  let saver = 0;
  for (let t = start; t <= end; t += DAY) {
    const at = wibInstant(wibDay(new Date(t)), `${String(rnd.int(7, 22)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`);
    if (at > now) break;
    const views = Math.round(e.views * (0.35 + 0.65 * rnd.next()));
    await platform.recordViews(eventId, at, views);
    const saves = Math.round(views * (0.04 + 0.06 * rnd.next()));
    for (let s = 0; s < saves; s++) await platform.save(eventId, `demo-user-${saver++}`, at);
  }
}
