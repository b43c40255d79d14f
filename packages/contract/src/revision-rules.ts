/**
 * The revision rule (API.md, Admin): on an approved event, an edit of a public-facing part that
 * the re-approval rule does not cover (ticket names, questions, benefits and eligibilities, the
 * steps, every link, the place, the twibbon) is held for review. The approved version stays
 * public; the admin publishes or drops the revision. Everything else of the edit applies at once.
 */

/** What the rule reads of a question: the payload's shape and the detail's alike. */
export interface HeldQuestion {
  id?: string | null;
  name?: string | null;
  description?: string | null;
  type?: string | null;
  options?: readonly { name: string }[] | null;
  isRequired?: boolean | null;
  isTicketBuyerOnly?: boolean | null;
  maxFiles?: number | null;
  accept?: readonly string[] | null;
}

/** The public-facing parts of an event: the payload's shape, as stored or as sent. */
export interface PublicParts {
  tickets: readonly { id?: string | null; name?: string | null; registrationSteps: readonly HeldQuestion[] }[];
  registrationSteps: readonly HeldQuestion[];
  benefits: readonly string[]; additionalBenefit: readonly string[];
  eligibilities: readonly string[]; additionalEligibility: readonly string[];
  stepsToRegister: readonly string[]; additionalStepsToRegister: readonly string[];
  afterRegistSteps: readonly string[]; additionalAfterRegistSteps: readonly string[];
  whatsAppGroupLink?: string | null;
  eventStreamQuestion?: boolean | null;
  eventStreamLink?: string | null;
  registrationUrl?: string | null;
  experience?: string | null;
  location?: string | null;
  locationNotes?: string | null;
  eventCoordinateLat?: number | null;
  eventCoordinateLong?: number | null;
  twibbonRequired: boolean;
  twibbon?: { customKey?: string | null; templateUrl?: string | null; posterUrl?: string | null; guide: readonly string[]; caption?: string | null } | null;
}

/** The event-level keys a revision holds (the tickets, their questions and the general questions besides). */
export const REVISION_KEYS = [
  'benefits', 'additionalBenefit', 'eligibilities', 'additionalEligibility',
  'stepsToRegister', 'additionalStepsToRegister', 'afterRegistSteps', 'additionalAfterRegistSteps',
  'whatsAppGroupLink', 'eventStreamQuestion', 'eventStreamLink', 'registrationUrl',
  'experience', 'location', 'locationNotes', 'eventCoordinateLat', 'eventCoordinateLong',
  'twibbonRequired', 'twibbon',
] as const satisfies readonly (keyof PublicParts)[];

const text = (v: string | null | undefined) => (v ?? '').trim();
const lines = (...lists: (readonly string[] | null | undefined)[]) => lists.flatMap((l) => l ?? []).map((s) => s.trim()).filter(Boolean).join('\n');

function question(q: HeldQuestion): string {
  const options = (q.options ?? []).map((o) => o.name.trim()).join(' / ');
  const flags = [text(q.type), q.isRequired === false ? 'optional' : '', q.isTicketBuyerOnly ? 'buyer only' : '', q.maxFiles ? `max ${q.maxFiles}` : '', (q.accept ?? []).join('+')]
    .filter(Boolean).join(', ');
  return [text(q.name), text(q.description), options, flags ? `(${flags})` : ''].filter(Boolean).join(' · ');
}

function questions(e: PublicParts): string {
  const general = e.registrationSteps.map(question);
  // By the ticket's place, not its name: a renamed ticket is one change, not two.
  const perTicket = e.tickets.flatMap((t, i) => t.registrationSteps.map((q) => `[Tiket ${i + 1}] ${question(q)}`));
  return [...general, ...perTicket].join('\n');
}

/** Each held part with the label the admin's queue and the organizer's notice name it by, and its value as the admin reads it. */
export const REVISION_PARTS: readonly { label: string; value: (e: PublicParts) => string }[] = [
  { label: 'Ticket name', value: (e) => e.tickets.map((t) => text(t.name)).join('\n') },
  { label: 'Registration questions', value: questions },
  { label: 'Benefits', value: (e) => lines(e.benefits, e.additionalBenefit) },
  { label: 'Eligibility', value: (e) => lines(e.eligibilities, e.additionalEligibility) },
  { label: 'Registration steps', value: (e) => lines(e.stepsToRegister, e.additionalStepsToRegister, e.afterRegistSteps, e.additionalAfterRegistSteps) },
  { label: 'WhatsApp group link', value: (e) => text(e.whatsAppGroupLink) },
  { label: 'Streaming link', value: (e) => (e.eventStreamQuestion ? text(e.eventStreamLink) : '') },
  { label: 'Registration link', value: (e) => text(e.registrationUrl) },
  {
    label: 'Location',
    value: (e) => [text(e.experience), text(e.location), text(e.locationNotes), e.eventCoordinateLat ?? '', e.eventCoordinateLong ?? ''].filter((v) => v !== '').join('\n'),
  },
  {
    label: 'Twibbon',
    value: ({ twibbonRequired, twibbon: t }) => (twibbonRequired && t
      ? [text(t.customKey), text(t.templateUrl), text(t.posterUrl), text(t.caption), lines(t.guide)].filter(Boolean).join('\n')
      : ''),
  },
];

export interface RevisionChange { label: string; before: string; after: string }

/** The held parts that differ between the public version and the edit, with both values. */
export function revisionChanges(before: PublicParts, after: PublicParts): RevisionChange[] {
  return REVISION_PARTS.flatMap((p) => {
    const [b, a] = [p.value(before), p.value(after)];
    return b === a ? [] : [{ label: p.label, before: b, after: a }];
  });
}

type HeldTicket = PublicParts['tickets'][number];

/** `base` with `from`'s held parts: its event-level keys and general questions, and the tickets given. */
function overlay<T extends PublicParts>(base: T, from: PublicParts, tickets: readonly HeldTicket[]): T {
  const held = Object.fromEntries(REVISION_KEYS.map((k) => [k, from[k]]));
  return { ...base, ...held, registrationSteps: from.registrationSteps, tickets } as T;
}

/** A ticket's held parts (its name and questions) from `from`'s ticket of the same id, if it has one. */
function heldTicketOf(from: PublicParts) {
  const byId = new Map(from.tickets.flatMap((t) => (t.id ? [[t.id, t] as const] : [])));
  return <K extends HeldTicket>(t: K): K | undefined => {
    const other = t.id ? byId.get(t.id) : undefined;
    return other && { ...t, name: other.name, registrationSteps: other.registrationSteps };
  };
}

/**
 * The edit as it applies at once while its revision waits: the sent event with the public
 * version's held parts. New tickets wait whole (they are public text); removed ones go at once.
 */
export function withoutRevision<T extends PublicParts>(sent: T, stored: PublicParts): T {
  const asStored = heldTicketOf(stored);
  return overlay(sent, stored, sent.tickets.flatMap((t) => asStored(t) ?? []));
}

/**
 * The event with its revision applied: the held parts of the revision over the current event.
 * Tickets are matched by id; the revision's new tickets (no id) come after the current ones.
 */
export function withRevision<T extends PublicParts>(current: T, revision: PublicParts): T {
  const asRevised = heldTicketOf(revision);
  return overlay(current, revision, [...current.tickets.map((t) => asRevised(t) ?? t), ...revision.tickets.filter((t) => !t.id)]);
}
