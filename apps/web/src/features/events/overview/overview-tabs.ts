/** The overview's tabs and when each is enabled (spec section 2). */
export const OVERVIEW_TABS = ['general', 'insight', 'participant', 'ticket'] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

export function enabledTabs(e: { registrationMethod?: unknown; approvedStatus?: unknown }): Record<OverviewTab, boolean> {
  const internal = e.registrationMethod === 'internal';
  return { general: true, insight: internal && e.approvedStatus === 'approved', participant: internal, ticket: internal };
}

/** The tab in the URL if it exists and is enabled, else General Information. */
export function currentTab(requested: string | null, enabled: Record<OverviewTab, boolean>): OverviewTab {
  const tab = OVERVIEW_TABS.find((t) => t === requested);
  return tab && enabled[tab] ? tab : 'general';
}
