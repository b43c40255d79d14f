import type { OrgAction } from '@eo/contract';

/**
 * The overview's tabs and when each is enabled (spec section 2), with Persetujuan and Daftar
 * Tunggu (API.md, Seats), Kehadiran and Evaluasi (API.md, "Sessions, evaluation and certificate rules").
 */
export const OVERVIEW_TABS = ['general', 'insight', 'participant', 'pending', 'waitlist', 'ticket', 'attendance', 'evaluation'] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

interface TabEvent {
  registrationMethod?: unknown;
  approvedStatus?: unknown;
  tickets?: readonly { requiresApproval?: boolean; waitlist?: boolean }[] | null;
  sessions?: readonly unknown[] | null;
}

/** Registrations wait for a decision only on a ticket that requires approval. */
const takesApproval = (e: TabEvent) => Boolean(e.tickets?.some((t) => t.requiresApproval));
/** People queue only for a ticket that keeps a waiting list. */
const keepsWaitlist = (e: TabEvent) => Boolean(e.tickets?.some((t) => t.waitlist));
/** Attendance is told per session only on an event held in sessions. */
const hasSessions = (e: TabEvent) => Boolean(e.sessions?.length);

export function enabledTabs(e: TabEvent): Record<OverviewTab, boolean> {
  const internal = e.registrationMethod === 'internal';
  return {
    general: true, insight: internal && e.approvedStatus === 'approved', participant: internal, pending: internal && takesApproval(e),
    waitlist: internal && keepsWaitlist(e), ticket: internal, attendance: internal && hasSessions(e), evaluation: internal,
  };
}

/**
 * The tabs the caller sees, and which of them are enabled (the others show why they are not).
 * Hidden rather than disabled: Ticket from a role without 'sales' (it reads the sales
 * endpoints), Persetujuan and Daftar Tunggu from a role that cannot manage participants, or on
 * an event with nothing to approve or no ticket keeping a waiting list, Kehadiran on an event not
 * held in sessions. Kehadiran and Evaluasi show to every member (the tabs themselves let only
 * those allowed download or edit).
 */
export function overviewTabs(e: TabEvent, can: (action: OrgAction) => boolean): { shown: OverviewTab[]; enabled: Record<OverviewTab, boolean> } {
  const hidden: Record<OverviewTab, boolean> = {
    general: false, insight: false, participant: false, ticket: !can('sales'), pending: !can('participants.manage') || !takesApproval(e),
    waitlist: !can('participants.manage') || !keepsWaitlist(e), attendance: !can('events.read') || !hasSessions(e), evaluation: !can('events.read'),
  };
  const enabled = enabledTabs(e);
  return {
    shown: OVERVIEW_TABS.filter((t) => !hidden[t]),
    enabled: Object.fromEntries(OVERVIEW_TABS.map((t) => [t, enabled[t] && !hidden[t]])) as Record<OverviewTab, boolean>,
  };
}

/** The tab in the URL if it exists and is enabled, else General Information. */
export function currentTab(requested: string | null, enabled: Record<OverviewTab, boolean>): OverviewTab {
  const tab = OVERVIEW_TABS.find((t) => t === requested);
  return tab && enabled[tab] ? tab : 'general';
}
