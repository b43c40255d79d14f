import {
  decodeSubTypes, encodeSubTypes, EVENT_TIME_TYPES, EXPERIENCES, QUESTION_TYPES, QUOTA_TYPES, TICKET_TYPES, withRevision,
  type EventDetail, type EventPayload, type EventDetailQuestion, type EventDetailTicket, type EventPayloadInput, type QuestionInput, type TicketInput,
} from '@eo/contract';
import { sessionInput, sessionRow, type SessionRow } from './sessions/session-rows';

/**
 * The wizard's form state: the event payload, except where the form asks differently from
 * how the API stores it (sub-category and competition field pickers with their `Lainnya` text,
 * WhatsApp without its +62 prefix, the contact choice). `toPayload` and `fromDetail` are the
 * only translations, so every rule runs on the payload exactly as the API will see it.
 */
export type Contact = 'whatsapp' | 'instagram';

export interface WizardValues {
  name: string;
  imageUrl: string | null;
  type: string | null;
  typeDesc: string;
  subCategory: string | null;
  subCategoryOther: string;
  competitionFields: string[];
  competitionOther: string;
  eventOrganizer: {
    name: string;
    email: string;
    confirmEmail: string;
    contacts: Contact[];
    phoneNational: string;
    instagramProfileUrl: string;
    organizationLogoUrl: string | null;
  };
  isPaidEvent: boolean | null;
  allowRegister: boolean | null;
  registrationMethod: 'internal' | 'external' | null;
  registrationUrl: string;
  tickets: TicketInput[];
  /** Event-wide questions (kept as loaded; the wizard asks questions per ticket). */
  registrationSteps: QuestionInput[];
  /** The event's sessions, each attended on its own; none: the event is attended as one. */
  sessions: SessionRow[];
  experience: 'online' | 'offline' | null;
  location: string;
  locationNotes: string;
  eventCoordinateLat: number | null;
  eventCoordinateLong: number | null;
  eventStreamQuestion: boolean | null;
  eventStreamLink: string;
  description: string;
  benefits: string[];
  additionalBenefit: string[];
  eligibilities: string[];
  additionalEligibility: string[];
  stepsToRegister: string[];
  additionalStepsToRegister: string[];
  afterRegistSteps: string[];
  additionalAfterRegistSteps: string[];
  whatsAppGroupLink: string;
  agreement: boolean;
  twibbonRequired: boolean;
  /** ISO instant, or null: participants may cancel until the event starts. */
  cancellationDeadline: string | null;
  twibbon: { templateUrl: string | null; customKey: string; caption: string; guide: string[]; posterUrl: string | null };
}

export const emptyValues = (): WizardValues => ({
  name: '', imageUrl: null, type: null, typeDesc: '', subCategory: null, subCategoryOther: '',
  competitionFields: [], competitionOther: '',
  eventOrganizer: { name: '', email: '', confirmEmail: '', contacts: [], phoneNational: '', instagramProfileUrl: '', organizationLogoUrl: null },
  isPaidEvent: null, allowRegister: null, registrationMethod: null, registrationUrl: '', tickets: [], registrationSteps: [], sessions: [],
  experience: null, location: '', locationNotes: '', eventCoordinateLat: null, eventCoordinateLong: null,
  eventStreamQuestion: null, eventStreamLink: '',
  description: '', benefits: [], additionalBenefit: [], eligibilities: [], additionalEligibility: [],
  stepsToRegister: [], additionalStepsToRegister: [], afterRegistSteps: [], additionalAfterRegistSteps: [],
  whatsAppGroupLink: '', agreement: false,
  twibbonRequired: false, cancellationDeadline: null, twibbon: { templateUrl: null, customKey: '', caption: '', guide: [], posterUrl: null },
});

export const OTHER = 'Lainnya';

/** What the API receives. Empty text is sent as null so that "absent" has one spelling. */
export function toPayload(v: WizardValues): EventPayloadInput {
  const text = (s: string | null | undefined) => (s && s.trim() !== '' ? s : null);
  const eo = v.eventOrganizer;
  const lomba = v.type === 'Lomba';
  // `Lainnya` is sent as the text typed under it.
  const subTypes = encodeSubTypes({
    subCategories: v.subCategory ? [v.subCategory === OTHER ? { value: v.subCategoryOther.trim(), custom: true } : { value: v.subCategory }] : [],
    competitionFields: lomba ? v.competitionFields.map((f) => (f === OTHER ? { value: v.competitionOther.trim(), custom: true } : { value: f })) : [],
  });
  const phone = eo.contacts.includes('whatsapp');
  const instagram = eo.contacts.includes('instagram');
  return {
    name: text(v.name), imageUrl: text(v.imageUrl), type: (v.type as EventPayloadInput['type']) ?? null,
    typeDesc: v.type === OTHER ? text(v.typeDesc) : null,
    subTypes,
    competitionField: lomba ? v.competitionFields : [],
    fieldDesc: lomba && v.competitionFields.includes(OTHER) ? text(v.competitionOther) : null,
    description: text(v.description),
    isPaidEvent: v.isPaidEvent, allowRegister: v.allowRegister,
    registrationMethod: v.allowRegister ? v.registrationMethod : null,
    registrationUrl: v.allowRegister && v.registrationMethod === 'external' ? text(v.registrationUrl) : null,
    experience: v.experience,
    eventStreamQuestion: v.experience === 'online' ? v.eventStreamQuestion : null,
    eventStreamLink: v.experience === 'online' && v.eventStreamQuestion ? text(v.eventStreamLink) : null,
    location: v.experience === 'offline' ? text(v.location) : null,
    locationNotes: v.experience === 'offline' ? text(v.locationNotes) : null,
    eventCoordinateLat: v.experience === 'offline' ? v.eventCoordinateLat : null,
    eventCoordinateLong: v.experience === 'offline' ? v.eventCoordinateLong : null,
    benefits: v.benefits as EventPayloadInput['benefits'],
    additionalBenefit: v.additionalBenefit,
    eligibilities: v.eligibilities as EventPayloadInput['eligibilities'],
    additionalEligibility: v.additionalEligibility,
    stepsToRegister: v.stepsToRegister as EventPayloadInput['stepsToRegister'],
    additionalStepsToRegister: v.additionalStepsToRegister,
    afterRegistSteps: v.afterRegistSteps as EventPayloadInput['afterRegistSteps'],
    additionalAfterRegistSteps: v.additionalAfterRegistSteps,
    whatsAppGroupLink: v.afterRegistSteps.includes('__JOIN_WHATSAPP_GROUP__') ? text(v.whatsAppGroupLink) : null,
    agreement: v.agreement,
    twibbonRequired: v.twibbonRequired,
    // Cancelling is the platform's: only internal registration has a deadline for it.
    cancellationDeadline: v.allowRegister && v.registrationMethod === 'internal' ? v.cancellationDeadline : null,
    twibbon: v.twibbonRequired
      ? { templateUrl: text(v.twibbon.templateUrl), customKey: text(v.twibbon.customKey), caption: text(v.twibbon.caption), guide: v.twibbon.guide, posterUrl: text(v.twibbon.posterUrl) }
      : null,
    eventOrganizer: {
      name: text(eo.name), email: text(eo.email), confirmEmail: text(eo.confirmEmail),
      phoneNumberExist: phone, phoneNumber: phone && eo.phoneNational ? `62${eo.phoneNational}` : null,
      instagramProfileExist: instagram, instagramProfileUrl: instagram ? text(eo.instagramProfileUrl) : null,
      organizationLogoUrl: text(eo.organizationLogoUrl),
    },
    registrationSteps: v.registrationSteps,
    tickets: v.tickets,
    sessions: v.sessions.map(sessionInput),
  };
}

/**
 * The event detail answer (spec section 3) as wizard state. With a waiting revision, the form
 * starts from the event as the organizer last saved it, so saving again keeps those changes.
 */
export function fromDetail(d: EventDetail): WizardValues {
  const stored = storedValues(d);
  return d.revision ? revisedValues(stored, d.revision.payload) : stored;
}

/** The revision's held parts over the stored event, with the form's empty text for null. */
function revisedValues(stored: WizardValues, revision: EventPayload): WizardValues {
  const v = withRevision(stored, revision);
  const str = (s: string | null | undefined) => s ?? '';
  const tw = v.twibbon as Partial<WizardValues['twibbon']> | null;
  return {
    ...v,
    whatsAppGroupLink: str(v.whatsAppGroupLink), eventStreamLink: str(v.eventStreamLink), registrationUrl: str(v.registrationUrl),
    location: str(v.location), locationNotes: str(v.locationNotes),
    twibbon: {
      templateUrl: tw?.templateUrl ?? null, customKey: str(tw?.customKey), caption: str(tw?.caption), guide: tw?.guide ?? [], posterUrl: tw?.posterUrl ?? null,
    },
  };
}

function storedValues(d: EventDetail): WizardValues {
  const { subCategories, competitionFields: fields } = decodeSubTypes(d.subTypes);
  const sub = subCategories[0];
  const customField = fields.find((f) => f.custom);
  const eo = d.eventOrganizer;
  const tw = d.twibbon;
  const str = (s: string | null | undefined) => s ?? '';
  return {
    ...emptyValues(),
    name: d.name, imageUrl: d.imageUrl, type: d.type, typeDesc: str(d.typeDesc),
    subCategory: sub ? (sub.custom ? OTHER : sub.value) : null,
    subCategoryOther: sub?.custom ? sub.value : '',
    competitionFields: [...new Set(fields.length ? fields.map((f) => (f.custom ? OTHER : f.value)) : d.competitionField)],
    competitionOther: customField ? customField.value : str(d.fieldDesc),
    eventOrganizer: {
      name: str(eo.name), email: str(eo.email), confirmEmail: str(eo.email),
      contacts: [...(eo.phoneNumberExist ? ['whatsapp' as const] : []), ...(eo.instagramProfileExist ? ['instagram' as const] : [])],
      phoneNational: str(eo.phoneNumber).replace(/^62/, ''),
      instagramProfileUrl: str(eo.instagramProfileUrl), organizationLogoUrl: eo.organizationLogoUrl,
    },
    isPaidEvent: d.isPaidEvent, allowRegister: d.allowRegister,
    registrationMethod: choice(['internal', 'external'] as const, d.registrationMethod),
    registrationUrl: str(d.registrationUrl),
    tickets: d.tickets.map(ticketFromDetail),
    registrationSteps: d.registrationSteps.map(questionFromDetail),
    sessions: d.sessions.map(sessionRow),
    experience: choice(EXPERIENCES, d.experience), location: str(d.location), locationNotes: str(d.locationNotes),
    eventCoordinateLat: d.eventCoordinateLat, eventCoordinateLong: d.eventCoordinateLong,
    eventStreamQuestion: d.eventStreamQuestion, eventStreamLink: str(d.eventStreamLink),
    description: str(d.description),
    benefits: d.benefits, additionalBenefit: d.additionalBenefit,
    eligibilities: d.eligibilities, additionalEligibility: d.additionalEligibility,
    stepsToRegister: d.stepsToRegister, additionalStepsToRegister: d.additionalStepsToRegister,
    afterRegistSteps: d.afterRegistSteps, additionalAfterRegistSteps: d.additionalAfterRegistSteps,
    whatsAppGroupLink: str(d.whatsAppGroupLink), agreement: d.agreement,
    twibbonRequired: d.twibbonRequired,
    cancellationDeadline: d.cancellationDeadline,
    twibbon: {
      templateUrl: tw?.templateUrl ?? null, customKey: str(tw?.customKey), caption: str(tw?.caption),
      guide: tw?.guide ?? [], posterUrl: tw?.posterUrl ?? null,
    },
  };
}

/** A stored choice (a text column) as one of the payload's options; anything else reads as unset. */
function choice<T extends string>(options: readonly T[], v: string | null): T | null {
  return options.find((o) => o === v) ?? null;
}

function questionFromDetail(q: EventDetailQuestion): QuestionInput {
  return {
    id: q.id, name: q.name, description: q.description, type: choice(QUESTION_TYPES, q.type), options: q.options,
    isGeneral: q.isGeneral, isRequired: q.isRequired, isTicketBuyerOnly: q.isTicketBuyerOnly,
    stepOrderNumber: q.stepOrderNumber, maxFiles: q.maxFiles,
    accept: q.accept?.flatMap((a) => choice(['pdf', 'image'] as const, a) ?? []) ?? null,
  };
}

function ticketFromDetail(t: EventDetailTicket): TicketInput {
  return {
    id: t.id, name: t.name, originalQuotaType: choice(QUOTA_TYPES, t.originalQuotaType), originalQuota: t.originalQuota,
    dates: t.dates, eventTimeType: choice(EVENT_TIME_TYPES, t.eventTimeType), eventTimeSingle: t.eventTimeSingle,
    // Older drafts stored a missing deadline hour as ''.
    registrationDeadline: t.registrationDeadline ? { date: t.registrationDeadline.date, hour: t.registrationDeadline.hour || null } : null,
    type: choice(TICKET_TYPES, t.type), price: t.price, fakePrice: t.fakePrice,
    maxTicketPerUser: t.maxTicketPerUser, registrationSteps: t.registrationSteps.map(questionFromDetail),
    requiresApproval: t.requiresApproval, waitlist: t.waitlist, accessCode: t.accessCode,
  };
}
