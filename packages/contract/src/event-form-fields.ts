import type { Issue } from './event-issues.js';

/** The wizard's steps (spec section 4), in order. */
export const WIZARD_STEPS = ['general', 'registration', 'location', 'details', 'twibbon', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface EventFormField {
  /** The payload path; its sub-paths (`tickets.0.name`) belong to it too. */
  path: string;
  /** The wizard step that asks for it. */
  step: WizardStep;
  /** Its name in `Missing this required fields: ...` (spec section 5), for an issue on the path itself… */
  label?: string;
  /** …or on any of its sub-paths as well. */
  labelsSubPaths?: true;
}

/** Every field of the event form, once. Labelled rows are in the spec's order of the notice. */
export const EVENT_FORM_FIELDS: readonly EventFormField[] = [
  { path: 'imageUrl', step: 'general', label: 'Poster' },
  { path: 'name', step: 'general', label: 'Event Name' },
  { path: 'description', step: 'details', label: 'Description' },
  { path: 'type', step: 'general', label: 'Category/Sub Category' },
  { path: 'subTypes', step: 'general', label: 'Category/Sub Category' },
  { path: 'competitionField', step: 'general', label: 'Competition Field' },
  { path: 'experience', step: 'location', label: 'Location' },
  { path: 'location', step: 'location', label: 'Location' },
  { path: 'isPaidEvent', step: 'registration', label: 'Paid Event' },
  { path: 'tickets', step: 'registration', label: 'Participant Category', labelsSubPaths: true },
  { path: 'allowRegister', step: 'registration', label: 'Registration Method' },
  { path: 'registrationMethod', step: 'registration', label: 'Registration Method' },
  { path: 'registrationUrl', step: 'registration', label: 'Registration URL' },
  { path: 'benefits', step: 'details', label: 'Benefits' },
  { path: 'eligibilities', step: 'details', label: 'Eligibilities' },
  { path: 'whatsAppGroupLink', step: 'details', label: 'WhatsApp Group Link' },
  { path: 'additionalAfterRegistSteps', step: 'details', label: 'After Registration Steps', labelsSubPaths: true },
  { path: 'eventStreamQuestion', step: 'location', label: 'Streaming Link' },
  { path: 'eventStreamLink', step: 'location', label: 'Streaming Link' },
  { path: 'eventOrganizer.name', step: 'general', label: 'EO Name' },
  { path: 'eventOrganizer.email', step: 'general', label: 'EO Email' },
  { path: 'eventOrganizer.confirmEmail', step: 'general', label: 'EO Email' },
  { path: 'eventOrganizer', step: 'general', label: 'EO Contact' },
  { path: 'eventOrganizer.phoneNumber', step: 'general', label: 'EO Contact' },
  { path: 'eventOrganizer.instagramProfileUrl', step: 'general', label: 'EO Contact' },
  { path: 'twibbon', step: 'twibbon', label: 'Twibbon', labelsSubPaths: true },
  { path: 'twibbonRequired', step: 'twibbon', label: 'Twibbon' },
  // Not named by the notice.
  { path: 'typeDesc', step: 'general' },
  { path: 'fieldDesc', step: 'general' },
  { path: 'registrationSteps', step: 'registration' },
  { path: 'locationNotes', step: 'location' },
  { path: 'eventCoordinateLat', step: 'location' },
  { path: 'eventCoordinateLong', step: 'location' },
  { path: 'additionalBenefit', step: 'details' },
  { path: 'additionalEligibility', step: 'details' },
  { path: 'stepsToRegister', step: 'details' },
  { path: 'additionalStepsToRegister', step: 'details' },
  { path: 'afterRegistSteps', step: 'details' },
  { path: 'agreement', step: 'details' },
  { path: 'cancellationDeadline', step: 'registration' },
  // Asked below the categories: their dates bound the sessions.
  { path: 'sessions', step: 'registration' },
];

const within = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** The row a path belongs to: the most specific one (`eventOrganizer.name` before `eventOrganizer`). */
export function eventFormField(path: string): EventFormField | undefined {
  let best: EventFormField | undefined;
  for (const f of EVENT_FORM_FIELDS) if (within(path, f.path) && (!best || f.path.length > best.path.length)) best = f;
  return best;
}

/** The distinct labels of what a submit still misses, in the spec's order. */
export function missingFieldLabels(issues: Issue[]): string[] {
  const labels: string[] = [];
  for (const f of EVENT_FORM_FIELDS) {
    if (!f.label || labels.includes(f.label)) continue;
    if (issues.some((i) => (f.labelsSubPaths ? within(i.path, f.path) : i.path === f.path))) labels.push(f.label);
  }
  return labels;
}
