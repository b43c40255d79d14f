import { fill, OWN_MSG } from './messages.js';
import type { EventPayload } from './schemas/event.js';

/** What a submitted event had when an edit arrives; compared with the edit. */
export interface StoredForLocks {
  type: string | null;
  typeDesc: string | null;
  eoEmail: string | null;
  registrationMethod: string | null;
  eligibilities: string[];
  additionalEligibility: string[];
  eventStreamLink: string | null;
  afterRegistSteps: string[];
  additionalAfterRegistSteps: string[];
  lastEventAt: Date | null;
  tickets: { id: string; originalQuotaType: string; dates: { date: string; startHour?: string | null; endHour?: string | null }[] }[];
}

export interface LockViolation { path: string; field: string; late: boolean }

export const LATE_EDIT_WINDOW_MS = 72 * 3600_000;

/** The locked parts of spec section 4 with the names their messages use. */
export const LOCKS = {
  type: 'Category',
  'eventOrganizer.email': 'EO email',
  registrationMethod: 'Registration method',
  eligibilities: 'Eligibility',
  originalQuotaType: 'Quota type',
  dates: 'Event dates',
  eventStreamLink: 'Streaming link',
  afterRegistSteps: 'After-registration steps',
  isPaidEvent: 'Event type',
} as const;
export type LockKey = keyof typeof LOCKS;

const isLate = (lastEventAt: Date | null, now: Date) => lastEventAt !== null && lastEventAt.getTime() - now.getTime() <= LATE_EDIT_WINDOW_MS;

/**
 * What the wizard shows disabled, with the reason, when editing: nothing for a new event or a
 * draft; for a submitted event the always-locked fields (quota type and dates of its existing
 * tickets), plus the late ones within 72 hours before the last event date, and paid/free once
 * participants have registered.
 */
export function editLocks(
  event: { isDraft: boolean; lastEventAt: Date | null; hasParticipants?: boolean } | null, now: Date,
): Partial<Record<LockKey, string>> {
  if (!event || event.isDraft) return {};
  const keys: LockKey[] = ['type', 'eventOrganizer.email', 'registrationMethod', 'eligibilities', 'originalQuotaType', 'dates'];
  const late: LockKey[] = isLate(event.lastEventAt, now) ? ['eventStreamLink', 'afterRegistSteps'] : [];
  return Object.fromEntries([
    ...keys.map((k) => [k, fill(OWN_MSG.locked, { field: LOCKS[k] })]),
    ...late.map((k) => [k, fill(OWN_MSG.lockedBeforeEvent, { field: LOCKS[k] })]),
    // Paid/free starts the categories afresh, which registered participants forbid.
    ...(event.hasParticipants ? [['isPaidEvent', fill(OWN_MSG.lockedByParticipants, { field: LOCKS.isPaidEvent })]] : []),
  ]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sortedSet = (xs: string[]) => [...new Set(xs)].sort();
const dateKey = (ds: StoredForLocks['tickets'][number]['dates']) =>
  ds.map((d) => `${d.date}|${d.startHour ?? ''}|${d.endHour ?? ''}`).sort();

/**
 * Spec section 4: editing a submitted event may not change the category, the EO email, a
 * ticket's quota type or dates, the registration method or the eligibility; within 72 hours
 * before the last event date, neither the streaming link nor the after-registration steps.
 */
export function lockViolations(stored: StoredForLocks, next: EventPayload, now: Date): LockViolation[] {
  const out: LockViolation[] = [];
  const locked = (cond: boolean, path: string, field: string, late = false) => cond && out.push({ path, field, late });
  locked(!same(stored.type, next.type ?? null) || !same(stored.typeDesc ?? null, next.typeDesc ?? null), 'type', LOCKS.type);
  locked((stored.eoEmail ?? '').toLowerCase() !== (next.eventOrganizer.email ?? '').toLowerCase(), 'eventOrganizer.email', LOCKS['eventOrganizer.email']);
  locked(!same(stored.registrationMethod, next.registrationMethod ?? null), 'registrationMethod', LOCKS.registrationMethod);
  locked(
    !same(sortedSet(stored.eligibilities), sortedSet(next.eligibilities)) ||
      !same(sortedSet(stored.additionalEligibility), sortedSet(next.additionalEligibility)),
    'eligibilities', LOCKS.eligibilities,
  );
  next.tickets.forEach((t, i) => {
    const old = t.id ? stored.tickets.find((s) => s.id === t.id) : undefined;
    if (!old) return;
    locked(old.originalQuotaType !== t.originalQuotaType, `tickets.${i}.originalQuotaType`, LOCKS.originalQuotaType);
    locked(!same(dateKey(old.dates), dateKey(t.dates)), `tickets.${i}.dates`, LOCKS.dates);
  });
  if (isLate(stored.lastEventAt, now)) {
    locked(!same(stored.eventStreamLink, next.eventStreamLink ?? null), 'eventStreamLink', LOCKS.eventStreamLink, true);
    locked(
      !same(sortedSet(stored.afterRegistSteps), sortedSet(next.afterRegistSteps)) ||
        !same(sortedSet(stored.additionalAfterRegistSteps), sortedSet(next.additionalAfterRegistSteps)),
      'afterRegistSteps', LOCKS.afterRegistSteps, true,
    );
  }
  return out;
}
