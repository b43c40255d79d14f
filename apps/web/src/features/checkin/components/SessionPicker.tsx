import { Select } from 'antd';
import { CHECKIN_TEXT as T, fill, formatWibLongDate, formatWibTime } from '@eo/contract';
import type { DoorSession } from '../session-choice';

/** "Sesi 1 · 8 Desember 2026, 09:00–10:00 WIB", and whether it runs now. */
export function sessionLabel(s: DoorSession, now = new Date()) {
  const start = new Date(s.startsAt);
  const time = fill(T.sessionTime, { day: formatWibLongDate(start), start: formatWibTime(start), end: formatWibTime(new Date(s.endsAt)) });
  const running = Date.parse(s.startsAt) <= now.getTime() && now.getTime() < Date.parse(s.endsAt);
  return { name: s.name, time, running };
}

/** The session the door checks in to: one of the event's, the one running by default. */
export function SessionPicker({ sessions, value, onChange }: { sessions: readonly DoorSession[]; value: string | undefined; onChange: (id: string) => void }) {
  return (
    <section className="checkin-card checkin-session" aria-labelledby="door-session-label">
      <label className="checkin-heading" id="door-session-label" htmlFor="door-session">{T.session}</label>
      <Select
        id="door-session" size="large" value={value} onChange={onChange} className="checkin-session-select" popupMatchSelectWidth
        options={sessions.map((s) => {
          const { name, time, running } = sessionLabel(s);
          return {
            value: s.id,
            label: (
              <span className="checkin-session-option">
                <span className="checkin-list-name">{name}{running ? ` · ${T.sessionNow}` : ''}</span>
                <span className="checkin-muted">{time}</span>
              </span>
            ),
          };
        })}
      />
      <p className="checkin-muted">{T.sessionHint}</p>
    </section>
  );
}
