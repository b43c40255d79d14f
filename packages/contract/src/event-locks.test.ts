import { describe, expect, it } from 'vitest';
import { editLocks } from './event-locks.js';

const now = new Date('2026-11-21T03:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000);

describe('editLocks (what the wizard shows disabled)', () => {
  it('locks nothing for a new event or a draft', () => {
    expect(editLocks(null, now)).toEqual({});
    expect(editLocks({ isDraft: true, lastEventAt: inHours(1) }, now)).toEqual({});
  });

  it('locks category, EO email, quota type, dates, registration method and eligibility of a submitted event', () => {
    const locks = editLocks({ isDraft: false, lastEventAt: inHours(24 * 30) }, now);
    expect(Object.keys(locks).sort()).toEqual(['dates', 'eligibilities', 'eventOrganizer.email', 'originalQuotaType', 'registrationMethod', 'type']);
    expect(locks.type).toBe('Category cannot be changed after the event is submitted');
  });

  it('adds the streaming link and after-registration steps within 72 hours of the last event date', () => {
    expect(editLocks({ isDraft: false, lastEventAt: inHours(73) }, now).eventStreamLink).toBeUndefined();
    const late = editLocks({ isDraft: false, lastEventAt: inHours(72) }, now);
    expect(late.eventStreamLink).toBe('Streaming link cannot be changed within 72 hours before the event');
    expect(late.afterRegistSteps).toBe('After-registration steps cannot be changed within 72 hours before the event');
  });

  it('locks paid/free once participants have registered (it would start the categories afresh)', () => {
    expect(editLocks({ isDraft: false, lastEventAt: inHours(500), hasParticipants: true }, now).isPaidEvent)
      .toBe('Event type cannot be changed once participants have registered');
    expect(editLocks({ isDraft: false, lastEventAt: inHours(500), hasParticipants: false }, now).isPaidEvent).toBeUndefined();
  });
});
