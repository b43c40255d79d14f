import type { EventPayload } from '@eo/contract';

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
  locked(!same(stored.type, next.type ?? null) || !same(stored.typeDesc ?? null, next.typeDesc ?? null), 'type', 'Category');
  locked((stored.eoEmail ?? '').toLowerCase() !== (next.eventOrganizer.email ?? '').toLowerCase(), 'eventOrganizer.email', 'EO email');
  locked(!same(stored.registrationMethod, next.registrationMethod ?? null), 'registrationMethod', 'Registration method');
  locked(
    !same(sortedSet(stored.eligibilities), sortedSet(next.eligibilities)) ||
      !same(sortedSet(stored.additionalEligibility), sortedSet(next.additionalEligibility)),
    'eligibilities', 'Eligibility',
  );
  next.tickets.forEach((t, i) => {
    const old = t.id ? stored.tickets.find((s) => s.id === t.id) : undefined;
    if (!old) return;
    locked(old.originalQuotaType !== t.originalQuotaType, `tickets.${i}.originalQuotaType`, 'Quota type');
    locked(!same(dateKey(old.dates), dateKey(t.dates)), `tickets.${i}.dates`, 'Event dates');
  });
  const late = stored.lastEventAt !== null && stored.lastEventAt.getTime() - now.getTime() <= LATE_EDIT_WINDOW_MS;
  if (late) {
    locked(!same(stored.eventStreamLink, next.eventStreamLink ?? null), 'eventStreamLink', 'Streaming link', true);
    locked(
      !same(sortedSet(stored.afterRegistSteps), sortedSet(next.afterRegistSteps)) ||
        !same(sortedSet(stored.additionalAfterRegistSteps), sortedSet(next.additionalAfterRegistSteps)),
      'afterRegistSteps', 'After-registration steps', true,
    );
  }
  return out;
}
