/** How long a check-in made by this scanner counts as "a moment ago". */
export const OWN_RECENT_MS = 10 * 60_000;

/** What names a ticket: the code scanned or typed, the registrant the server answered with. */
export interface TicketKeys { code?: string; registrantId?: string }

/**
 * The check-ins this scanner made, kept in the page, so that the ticket of someone it let in a
 * moment ago, shown again, reads "sudah masuk" instead of a duplicate's warning. It counts only
 * when the first check-in the server (or the offline queue) names is the very one made here: a
 * check-in by another scanner, one undone and made again elsewhere, one from before a reload or
 * from long ago keeps the warning.
 */
export function ownCheckins(recentMs = OWN_RECENT_MS) {
  const made = new Map<string, { checkedInAt: string; at: number }>();
  const keysOf = (t: TicketKeys) => [t.code && `code:${t.code}`, t.registrantId && `registrant:${t.registrantId}`].filter((k): k is string => !!k);
  return {
    /** This scanner checked `ticket` in; the server (or the queue) records it at `checkedInAt`; `at` is this device's clock then. */
    record(ticket: TicketKeys, checkedInAt: string, at: number) {
      for (const key of keysOf(ticket)) made.set(key, { checkedInAt, at });
    },
    /** Whether the check-in at `checkedInAt` of `ticket` is one this scanner made less than `recentMs` before `now`. */
    isRecent(ticket: TicketKeys, checkedInAt: string | null, now: number): boolean {
      if (!checkedInAt) return false;
      return keysOf(ticket).some((key) => {
        const own = made.get(key);
        return !!own && now - own.at < recentMs && Date.parse(own.checkedInAt) === Date.parse(checkedInAt);
      });
    },
  };
}
