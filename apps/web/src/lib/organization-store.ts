/**
 * The organization the signed-in user acts within: kept in memory for every API call
 * (`x-organization-id`, see api-client.ts) and remembered per user in localStorage. No zod, no
 * React: /login's first load imports it through api-client.
 */
const keyOf = (userId: string) => `eo.organization.${userId}`;

let active: string | null = null;
const listeners = new Set<() => void>();

export const activeOrganizationId = () => active;

/** The id remembered for this user, if any (it may no longer be one of their memberships). */
export function rememberedOrganizationId(userId: string): string | null {
  try {
    return localStorage.getItem(keyOf(userId));
  } catch {
    return null;
  }
}

/** Acts within `id` from now on, and remembers it for this user. */
export function setActiveOrganization(userId: string | undefined, id: string) {
  if (userId) localStorage.setItem(keyOf(userId), id);
  if (active === id) return;
  active = id;
  listeners.forEach((l) => l());
}

/** Signed out: no organization until the next user's memberships are read (the choice stays remembered). */
export function clearActiveOrganization() {
  if (active === null) return;
  active = null;
  listeners.forEach((l) => l());
}

export function subscribeActiveOrganization(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
