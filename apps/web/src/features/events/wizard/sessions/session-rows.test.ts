import { describe, expect, it } from 'vitest';
import { emptySessionRow, sessionField, sessionInput, sessionRangeLabel, sessionRow, type SessionRow } from './session-rows';

const row = (over: Partial<SessionRow> = {}): SessionRow => ({ id: null, name: 'Materi', date: '2026-12-10', startHour: '09:00', endHour: '10:30', ...over });

describe('session rows', () => {
  it('send the WIB day and times as instants with +07:00, and the id only when stored', () => {
    expect(sessionInput(row())).toEqual({ name: 'Materi', startsAt: '2026-12-10T09:00:00+07:00', endsAt: '2026-12-10T10:30:00+07:00' });
    expect(sessionInput(row({ id: 'a' }))).toMatchObject({ id: 'a' });
  });

  it('send an unfinished time empty, for the contract to ask for it', () => {
    expect(sessionInput(row({ date: null }))).toMatchObject({ startsAt: '', endsAt: '' });
    expect(sessionInput(row({ endHour: null }))).toMatchObject({ startsAt: '2026-12-10T09:00:00+07:00', endsAt: '' });
  });

  it('read a stored session on the WIB clock, whatever the instant\'s offset', () => {
    expect(sessionRow({ id: 'a', name: 'Malam', startsAt: '2026-12-10T12:00:00.000Z', endsAt: '2026-12-10T14:00:00Z' }))
      .toEqual({ id: 'a', name: 'Malam', date: '2026-12-10', startHour: '19:00', endHour: '21:00' });
    // 01:00 WIB on the 11th is still the 10th in UTC.
    expect(sessionRow({ name: 'Subuh', startsAt: '2026-12-10T18:00:00Z', endsAt: '2026-12-10T19:00:00Z' }))
      .toMatchObject({ id: null, date: '2026-12-11', startHour: '01:00', endHour: '02:00' });
  });

  it.each([
    ['sessions.0.startsAt', [row({ date: null })], 'sessions.0.date'],
    ['sessions.0.endsAt', [row({ date: null })], 'sessions.0.date'],
    ['sessions.0.startsAt', [row({ startHour: null })], 'sessions.0.startHour'],
    ['sessions.0.startsAt', [row()], 'sessions.0.date'],
    ['sessions.0.endsAt', [row()], 'sessions.0.endHour'],
    ['sessions.1.name', [row(), row()], 'sessions.1.name'],
    ['sessions', [], 'sessions'],
  ])('show %s under the row field that asks for it', (path, rows, field) => {
    expect(sessionField(path, rows)).toBe(field);
  });

  it('label the review line once the row is complete', () => {
    expect(sessionRangeLabel(row())).toBe('10 Des 2026 09:00–10:30 WIB');
    expect(sessionRangeLabel(emptySessionRow())).toBeNull();
  });
});
