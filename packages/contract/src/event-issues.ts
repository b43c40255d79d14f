import { WA_DIGITS } from './constants.js';
import { EVENT_MSG, OWN_MSG } from './messages.js';
import { SEATS_MSG } from './messages-seats.js';
import { sessionIssues } from './session-rules.js';
import { isChoice } from './choice-question.js';
import { wibInstant } from './time.js';
import { subCategoriesOf } from './event-enums.js';
import { decodeSubTypes } from './sub-types.js';
import { isBlankAnswer } from './text.js';
import type { EventPayload } from './schemas/event.js';
import type { QuestionInput, TicketInput } from './schemas/event-ticket.js';

/**
 * The cross-field rules of spec section 5 that a zod shape cannot say alone. `draft` mode
 * checks what must hold in any saved event (agreement, consistent dates, complete questions
 * and list items); `submit` adds every required field. Each issue carries the spec's message
 * and the payload path it belongs to, so the API and the wizard show the same text in the same place.
 */
export interface Issue { path: string; message: string }
export type IssueMode = 'draft' | 'submit';

export interface IssueContext {
  /** Today's WIB date (`YYYY-MM-DD`); event dates before it are refused. Null skips the check. */
  today: string | null;
  /**
   * Ids of the categories a submitted event already has: their dates are locked and may have
   * passed, so they are not judged against today (new categories are).
   */
  storedTicketIds?: readonly string[];
}

const blank = isBlankAnswer;

function questionIssues(q: QuestionInput, path: string, out: Issue[]) {
  if (blank(q.name)) out.push({ path: `${path}.name`, message: EVENT_MSG.question });
  if (!q.type) out.push({ path: `${path}.type`, message: EVENT_MSG.questionType });
  if (q.type === 'file') {
    if (!q.maxFiles) out.push({ path: `${path}.maxFiles`, message: EVENT_MSG.maxFiles });
    if (blank(q.accept)) out.push({ path: `${path}.accept`, message: EVENT_MSG.fileType });
  }
  if (isChoice(q.type)) {
    if (q.options.length < 2) out.push({ path: `${path}.options`, message: EVENT_MSG.twoOptions });
    q.options.forEach((o, i) => blank(o.name) && out.push({ path: `${path}.options.${i}.name`, message: EVENT_MSG.option }));
  }
}

/** Start of the last event date (its start hour, or the end of that day when none is given). */
export function lastDateStart(dates: TicketInput['dates']): string | null {
  const sorted = dates.filter((d) => d.date).map((d) => `${d.date}T${d.startHour || '23:59'}`).sort();
  return sorted.at(-1) ?? null;
}

function ticketIssues(t: TicketInput, path: string, e: EventPayload, mode: IssueMode, ctx: IssueContext, out: Issue[]) {
  const internal = e.registrationMethod === 'internal';
  const stored = Boolean(t.id && ctx.storedTicketIds?.includes(t.id));
  t.dates.forEach((d, i) => {
    if (ctx.today && !stored && d.date < ctx.today) out.push({ path: `${path}.dates.${i}.date`, message: OWN_MSG.dateBeforeToday });
    if (d.startHour && d.endHour && d.startHour === d.endHour) out.push({ path: `${path}.dates.${i}.endHour`, message: EVENT_MSG.sameTime });
  });
  const single = t.eventTimeSingle;
  if (single?.startHour && single.endHour && single.startHour === single.endHour) {
    out.push({ path: `${path}.eventTimeSingle.endHour`, message: EVENT_MSG.sameTime });
  }
  const deadline = t.registrationDeadline;
  if (deadline?.date || deadline?.hour) {
    const last = lastDateStart(t.dates);
    if (!last) out.push({ path: `${path}.registrationDeadline.date`, message: EVENT_MSG.eventDateFirst });
    else if (deadline.date && `${deadline.date}T${deadline.hour || '00:00'}` > last) {
      out.push({ path: `${path}.registrationDeadline.date`, message: EVENT_MSG.deadlineAfterLastDate });
    }
  }
  t.registrationSteps.forEach((q, i) => questionIssues(q, `${path}.registrationSteps.${i}`, out));
  // Approval and the waiting list move seats, never money: a paid seat is bought in the app, at once.
  const paid = e.isPaidEvent && t.type === 'paid';
  if (paid && t.requiresApproval) out.push({ path: `${path}.requiresApproval`, message: SEATS_MSG.freeOnly });
  if (paid && t.waitlist) out.push({ path: `${path}.waitlist`, message: SEATS_MSG.freeOnly });
  if (mode === 'draft') return;

  if (blank(t.name)) out.push({ path: `${path}.name`, message: EVENT_MSG.ticketName });
  if (internal) {
    if (!t.originalQuotaType) out.push({ path: `${path}.originalQuotaType`, message: EVENT_MSG.quotaType });
    if (t.originalQuotaType === 'limited' && (t.originalQuota === null || t.originalQuota === undefined || t.originalQuota < 0)) {
      out.push({ path: `${path}.originalQuota`, message: EVENT_MSG.totalTickets });
    }
  }
  if (t.dates.length === 0) out.push({ path: `${path}.dates`, message: EVENT_MSG.eventDate });
  if (!deadline?.date) out.push({ path: `${path}.registrationDeadline.date`, message: EVENT_MSG.deadlineDate });
  if (!deadline?.hour) out.push({ path: `${path}.registrationDeadline.hour`, message: EVENT_MSG.deadlineTime });
  if (e.isPaidEvent && t.type === 'paid' && (t.price === null || t.price === undefined)) {
    out.push({ path: `${path}.price`, message: EVENT_MSG.ticketPrice });
  }
}

export function eventIssues(e: EventPayload, mode: IssueMode, ctx: IssueContext): Issue[] {
  const out: Issue[] = [];
  const eo = e.eventOrganizer;
  const push = (cond: unknown, path: string, message: string) => cond && out.push({ path, message });

  // Rules for every save, drafts included.
  push(!e.agreement, 'agreement', EVENT_MSG.agreement);
  push(eo.confirmEmail && eo.email && eo.confirmEmail.toLowerCase() !== eo.email.toLowerCase(), 'eventOrganizer.confirmEmail', EVENT_MSG.emailMismatch);
  if (eo.phoneNumber && /^628\d*$/.test(eo.phoneNumber)) {
    const national = eo.phoneNumber.length - 2;
    push(national < WA_DIGITS.min, 'eventOrganizer.phoneNumber', EVENT_MSG.waMin);
    push(national > WA_DIGITS.max, 'eventOrganizer.phoneNumber', EVENT_MSG.waPattern);
  }
  e.additionalBenefit.forEach((v, i) => push(blank(v), `additionalBenefit.${i}`, EVENT_MSG.additionalBenefit));
  e.additionalStepsToRegister.forEach((v, i) => push(blank(v), `additionalStepsToRegister.${i}`, EVENT_MSG.stepToRegister));
  e.additionalAfterRegistSteps.forEach((v, i) => push(blank(v), `additionalAfterRegistSteps.${i}`, EVENT_MSG.additionalStep));
  (e.twibbon?.guide ?? []).forEach((v, i) => push(blank(v), `twibbon.guide.${i}`, EVENT_MSG.guidelineItem));
  e.registrationSteps.forEach((q, i) => questionIssues(q, `registrationSteps.${i}`, out));
  e.tickets.forEach((t, i) => ticketIssues(t, `tickets.${i}`, e, mode, ctx, out));
  // Cancelling after the event has begun means nothing: the deadline comes before its first start.
  const firstStart = e.tickets.flatMap((t) => t.dates).map((d) => wibInstant(d.date, d.startHour || '00:00').getTime()).sort((a, b) => a - b)[0];
  push(e.cancellationDeadline && firstStart !== undefined && Date.parse(e.cancellationDeadline) > firstStart, 'cancellationDeadline', SEATS_MSG.cancellationAfterStart);
  out.push(...sessionIssues(e.sessions, e.tickets));
  if (mode === 'draft') return out;

  // General info
  push(blank(e.name), 'name', EVENT_MSG.name);
  push(blank(e.imageUrl), 'imageUrl', EVENT_MSG.image);
  push(!e.type || (e.type === 'Lainnya' && blank(e.typeDesc)), 'type', EVENT_MSG.category);
  const { subCategories, competitionFields } = decodeSubTypes(e.subTypes);
  push(subCategoriesOf(e.type) && subCategories.length === 0, 'subTypes', EVENT_MSG.subCategory);
  push(e.type === 'Lomba' && competitionFields.length === 0 && e.competitionField.length === 0, 'competitionField', EVENT_MSG.competitionField);
  // `Lainnya` chosen but its text left empty, reported in the order of the entries.
  [...subCategories.map((t) => ({ t, message: EVENT_MSG.subCategory })), ...competitionFields.map((t) => ({ t, message: EVENT_MSG.competitionField }))]
    .sort((a, b) => a.t.index - b.t.index)
    .forEach(({ t, message }) => push(t.custom && blank(t.value), `subTypes.${t.index}`, message));
  push(blank(eo.name), 'eventOrganizer.name', EVENT_MSG.eoName);
  push(blank(eo.email), 'eventOrganizer.email', EVENT_MSG.eoEmail);
  push(blank(eo.confirmEmail), 'eventOrganizer.confirmEmail', EVENT_MSG.confirmEmail);
  push(!eo.phoneNumberExist && !eo.instagramProfileExist, 'eventOrganizer', EVENT_MSG.contact);
  push(eo.phoneNumberExist && blank(eo.phoneNumber), 'eventOrganizer.phoneNumber', EVENT_MSG.waRequired);
  push(eo.instagramProfileExist && blank(eo.instagramProfileUrl), 'eventOrganizer.instagramProfileUrl', EVENT_MSG.instagram);
  // Registration and tickets
  push(e.isPaidEvent === null || e.isPaidEvent === undefined, 'isPaidEvent', EVENT_MSG.eventType);
  push(e.allowRegister === null || e.allowRegister === undefined, 'allowRegister', EVENT_MSG.allowRegister);
  push(e.allowRegister && !e.registrationMethod, 'registrationMethod', EVENT_MSG.registrationMethod);
  push(e.allowRegister && e.registrationMethod === 'external' && blank(e.registrationUrl), 'registrationUrl', EVENT_MSG.registrationUrl);
  // Spec section 1: paid events sell their tickets through the platform.
  push(e.isPaidEvent && (e.allowRegister === false || (e.registrationMethod && e.registrationMethod !== 'internal')), 'registrationMethod', OWN_MSG.paidNeedsInternal);
  if (e.allowRegister && e.tickets.length === 0) {
    out.push({ path: 'tickets', message: e.registrationMethod === 'internal' ? EVENT_MSG.atLeastOneTicket : EVENT_MSG.participantCategory });
  }
  // Location and details
  push(!e.experience, 'experience', EVENT_MSG.locationType);
  push(e.experience === 'offline' && blank(e.location), 'location', EVENT_MSG.location);
  push(e.experience === 'online' && (e.eventStreamQuestion === null || e.eventStreamQuestion === undefined), 'eventStreamQuestion', EVENT_MSG.streamingAnswer);
  push(e.experience === 'online' && e.eventStreamQuestion && blank(e.eventStreamLink), 'eventStreamLink', EVENT_MSG.streamingLink);
  push(blank(e.description), 'description', EVENT_MSG.description);
  push(e.benefits.length === 0 && e.additionalBenefit.length === 0, 'benefits', EVENT_MSG.benefit);
  push(e.eligibilities.length === 0 && e.additionalEligibility.length === 0, 'eligibilities', EVENT_MSG.eligibility);
  push(e.afterRegistSteps.includes('__JOIN_WHATSAPP_GROUP__') && blank(e.whatsAppGroupLink), 'whatsAppGroupLink', EVENT_MSG.waGroupRequired);
  // Twibbon
  if (e.twibbonRequired) {
    const tw = e.twibbon;
    push(blank(tw?.templateUrl), 'twibbon.templateUrl', EVENT_MSG.twibbonTemplate);
    push(blank(tw?.customKey), 'twibbon.customKey', EVENT_MSG.customKey);
    push(blank(tw?.caption), 'twibbon.caption', EVENT_MSG.caption);
    push(blank(tw?.guide), 'twibbon.guide', EVENT_MSG.guideline);
  }
  return out;
}
