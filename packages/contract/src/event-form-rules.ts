import { EVENT_MSG, fill, OWN_MSG } from './messages.js';
import { PAID_PRICE_MIN, PRICE_STEP, type TicketInput } from './schemas/event-ticket.js';
import type { Issue } from './event-issues.js';

/**
 * Rules of the wizard's own state (spec section 4), pure so the form and its tests share them.
 */
const PUBLIC = '__PUBLIC__';
const COLLEGE = '__COLLEGE_STUDENT__';
const YEARS = ['__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__'] as const;
const ALL = [PUBLIC, '__FRESH_GRADUATE__', COLLEGE, ...YEARS, '__HIGH_SCHOOL__', '__SECONDARY_SCHOOL__'] as const;

/**
 * Eligibility ticks: 'Everyone can join' selects or clears all; college student ticks or
 * clears its two year-children; both children ticked adds college student; everything ticked
 * adds 'Everyone can join' (and anything unticked removes it).
 */
export function toggleEligibility(current: readonly string[], value: string, checked: boolean): string[] {
  if (value === PUBLIC) return checked ? [...ALL] : [];
  const next = new Set(current);
  if (checked) next.add(value);
  else next.delete(value);
  if (value === COLLEGE) YEARS.forEach((y) => (checked ? next.add(y) : next.delete(y)));
  if ((YEARS as readonly string[]).includes(value)) {
    if (YEARS.every((y) => next.has(y))) next.add(COLLEGE);
    else next.delete(COLLEGE);
  }
  if (ALL.filter((v) => v !== PUBLIC).every((v) => next.has(v))) next.add(PUBLIC);
  else next.delete(PUBLIC);
  return ALL.filter((v) => next.has(v));
}

export interface RegistrationState {
  isPaidEvent: boolean | null;
  allowRegister: boolean | null;
  registrationMethod: 'internal' | 'external' | null;
  tickets: TicketInput[];
}

/**
 * Paid/free and registration changes: paid (after its agreement) or free clears the tickets
 * when it changes the choice; a new registration method clears them; 'no registration' clears
 * the method too; a paid event registers through the platform.
 */
export function changeRegistration(state: RegistrationState, change: Partial<Omit<RegistrationState, 'tickets'>>): RegistrationState {
  const next = { ...state, ...change };
  if (change.allowRegister === false) next.registrationMethod = null;
  // Paid tickets are sold through the platform (spec section 1).
  if (next.isPaidEvent === true) {
    next.allowRegister = true;
    next.registrationMethod = 'internal';
  }
  const paidChanged = 'isPaidEvent' in change && change.isPaidEvent !== state.isPaidEvent;
  const methodChanged = next.registrationMethod !== state.registrationMethod;
  if (paidChanged || methodChanged) next.tickets = [];
  return next;
}

/** The ticket modal's own checks, on top of `eventIssues` (paths relative to the ticket). */
export function ticketFormIssues(t: TicketInput, e: { isPaidEvent: boolean; internal: boolean }): Issue[] {
  const out: Issue[] = [];
  if (e.isPaidEvent && t.type === 'paid' && t.price != null) {
    if (t.price < PAID_PRICE_MIN) out.push({ path: 'price', message: fill(OWN_MSG.priceMin, { min: '10.000' }) });
    else if (t.price % PRICE_STEP !== 0) out.push({ path: 'price', message: OWN_MSG.priceStep });
  }
  const quota = t.originalQuota;
  if (e.internal && t.originalQuotaType === 'limited' && quota != null && quota >= 0 && t.maxTicketPerUser != null && t.maxTicketPerUser > quota) {
    out.push({ path: 'maxTicketPerUser', message: EVENT_MSG.maxPerUserAboveQuota });
  }
  return out;
}
