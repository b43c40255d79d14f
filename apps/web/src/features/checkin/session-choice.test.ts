import { afterEach, describe, expect, it } from 'vitest';
import { chosenSession, defaultSession, storedSession, storeSession } from './session-choice';

const at = (hour: string) => `2026-12-08T${hour}:00.000Z`;
const sessions = [
  { id: 's1', name: 'Pembukaan', startsAt: at('02:00'), endsAt: at('03:00') },
  { id: 's2', name: 'Diskusi', startsAt: at('03:00'), endsAt: at('04:00') },
  { id: 's3', name: 'Penutupan', startsAt: at('05:00'), endsAt: at('06:00') },
];

describe('the door\'s session', () => {
  afterEach(() => localStorage.clear());

  it('defaults to the one running, else the next, else the last', () => {
    expect(defaultSession(sessions, new Date(at('02:30')))?.id).toBe('s1');
    // A session ends as the next begins: at 03:00 it is the next one's time.
    expect(defaultSession(sessions, new Date(at('03:00')))?.id).toBe('s2');
    expect(defaultSession(sessions, new Date(at('01:00')))?.id).toBe('s1');
    expect(defaultSession(sessions, new Date(at('04:30')))?.id).toBe('s3');
    expect(defaultSession(sessions, new Date(at('09:00')))?.id).toBe('s3');
    expect(defaultSession([], new Date())).toBeUndefined();
  });

  it('keeps the choice per event; a choice the event no longer has gives way to the default', () => {
    storeSession('e1', 's3');
    expect(storedSession('e1')).toBe('s3');
    expect(storedSession('e2')).toBeNull();
    expect(chosenSession(sessions, storedSession('e1'), new Date(at('02:30')))?.id).toBe('s3');
    expect(chosenSession(sessions, 'removed', new Date(at('02:30')))?.id).toBe('s1');
  });
});
