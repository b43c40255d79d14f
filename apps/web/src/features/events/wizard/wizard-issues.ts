import {
  eventFormField, eventIssues, eventPayloadSchema, missingFieldLabels, WIZARD_STEPS,
  type EventPayload, type Issue, type IssueContext, type WizardStep,
} from '@eo/contract';
import { sessionField } from './sessions/session-rows';
import { OTHER, toPayload, type WizardValues } from './wizard-values';

/**
 * Every message the wizard shows comes from here: the contract's zod schema (format rules) and
 * `eventIssues` (required and cross-field rules), run on the payload the API would receive,
 * then moved from payload paths to the form fields that ask for them.
 */
export const STEP_KEYS = WIZARD_STEPS;
export type StepKey = WizardStep;

/** The wizard's own fields (not payload paths, see toPayload), by the payload path they ask for. */
const ASKS_FOR = new Map([
  ['subCategory', 'subTypes'], ['subCategoryOther', 'subTypes'], ['competitionFields', 'competitionField'], ['competitionOther', 'fieldDesc'],
]);

/** The step of a form field: the contract's table of the event form (EVENT_FORM_FIELDS). */
export function stepOf(field: string): StepKey {
  return eventFormField(ASKS_FOR.get(field) ?? field)?.step ?? 'registration';
}

/** The form field that shows a payload path's message. */
export function formField(path: string, v: WizardValues): string {
  if (path === 'type' && v.type === OTHER) return 'typeDesc';
  if (path === 'typeDesc') return 'typeDesc';
  if (path === 'subTypes') return 'subCategory';
  if (path.startsWith('subTypes.')) return path === 'subTypes.0' && v.subCategory ? 'subCategoryOther' : 'competitionOther';
  if (path === 'competitionField') return 'competitionFields';
  if (path.startsWith('competitionField.') || path === 'fieldDesc') return 'competitionOther';
  if (path === 'eventOrganizer' || path === 'eventOrganizer.phoneNumberExist' || path === 'eventOrganizer.instagramProfileExist') return 'eventOrganizer.contacts';
  if (path === 'eventOrganizer.phoneNumber') return 'eventOrganizer.phoneNational';
  if (path.startsWith('tickets') || path.startsWith('registrationSteps')) return 'tickets';
  if (path.startsWith('sessions.')) return sessionField(path, v.sessions);
  return path;
}

/** The contract's issues of the payload the API would receive (payload paths). */
function payloadIssues(v: WizardValues, ctx: IssueContext): Issue[] {
  const payload = toPayload(v);
  const found: Issue[] = [];
  const parsed = eventPayloadSchema.safeParse(payload);
  if (!parsed.success) for (const i of parsed.error.issues) found.push({ path: i.path.join('.'), message: i.message });
  found.push(...eventIssues(parsed.success ? parsed.data : (payload as EventPayload), 'submit', ctx));
  return found;
}

/** What `Missing this required fields: ...` lists for these values (spec section 5, Before publish). */
export const missingLabels = (v: WizardValues, ctx: IssueContext) => missingFieldLabels(payloadIssues(v, ctx));

/** Issues keyed by form field, in rule order (`ctx.today`: past event dates are refused). */
export function formIssues(v: WizardValues, ctx: IssueContext): Map<string, string[]> {
  const found = payloadIssues(v, ctx);
  const out = new Map<string, string[]>();
  for (const i of found) {
    const field = formField(i.path, v);
    const list = out.get(field) ?? [];
    if (!list.includes(i.message)) list.push(i.message);
    out.set(field, list);
  }
  return out;
}

/** The fields of one step that have issues. */
export function stepFieldsWithIssues(issues: Map<string, string[]>, step: StepKey): string[] {
  return [...issues.keys()].filter((f) => stepOf(f) === step);
}

/**
 * Form names are arrays in antd: `eventOrganizer.email` → ['eventOrganizer', 'email'], `guide.0` → [..., 0].
 * Typed `never` because the fields are computed from issue paths, which antd's typed paths cannot follow.
 */
export const namePath = (field: string): never => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) as never;
