/** A session as the door lists it (the summary's or the offline pack's). */
export interface DoorSession { id: string; name: string; startsAt: string; endsAt: string }

/**
 * The session the door starts on: the one running at `now`; else the next to start; else the last
 * one (the event is over, late scans belong to its end).
 */
export function defaultSession(sessions: readonly DoorSession[], now: Date): DoorSession | undefined {
  const t = now.getTime();
  const running = sessions.find((s) => Date.parse(s.startsAt) <= t && t < Date.parse(s.endsAt));
  return running ?? sessions.find((s) => Date.parse(s.startsAt) > t) ?? sessions.at(-1);
}

const key = (eventId: string) => `eo.checkin.session.${eventId}`;

/** The session this scanner was set to for the event, kept across reloads (and offline). */
export function storedSession(eventId: string): string | null {
  try {
    return localStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}

export function storeSession(eventId: string, sessionId: string) {
  try {
    localStorage.setItem(key(eventId), sessionId);
  } catch {
    // A private window without storage: the choice lasts until the page closes.
  }
}

/** The door's session: the one chosen here if the event still has it, else the default. */
export function chosenSession(sessions: readonly DoorSession[], chosen: string | null, now: Date): DoorSession | undefined {
  return sessions.find((s) => s.id === chosen) ?? defaultSession(sessions, now);
}
