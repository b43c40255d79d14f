import { useRef, useState, type FormEvent } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKIN_TEXT as T, fill, formatWibDateTime, fromWibInput, wibInputValue } from '@eo/contract';
import { checkinKeys } from '../api/checkins';
import { saveAttendanceCode, useAttendanceCode, type AttendanceCode } from '../api/attendance-code';
import { defaultWindow, randomAttendanceCode, windowState } from '../attendance-window';
import type { DoorSession } from '../session-choice';

type CodeBody = { code: string; opensAt: string; closesAt: string; sessionId?: string };

const STATE = {
  open: { color: 'green', label: T.attendanceStateOpen },
  soon: { color: 'blue', label: T.attendanceStateSoon },
  closed: { color: 'default', label: T.attendanceStateClosed },
} as const;

/**
 * "Kode Presensi" of an online event: the code shown large for screen sharing (and
 * full screen), its window in WIB, how many attended with it; set, change or close it. With
 * sessions, a code is for one session (the door's, unless chosen otherwise): attending with it
 * attends that session.
 */
export function AttendanceCodePanel({ eventId, sessions = [], doorSession }: { eventId: string; sessions?: readonly DoorSession[]; doorSession?: string }) {
  const query = useAttendanceCode(eventId, true);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const big = useRef<HTMLParagraphElement>(null);
  const current = query.data ?? null;

  const save = async (body: CodeBody) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveAttendanceCode(eventId, body);
      client.setQueryData(checkinKeys.attendanceCode(eventId), saved);
      setEditing(false);
    } catch (err) {
      setError(fill(T.attendanceFailed, { reason: err instanceof Error ? err.message : String(err) }));
    } finally {
      setSaving(false);
    }
  };

  const closeNow = (code: AttendanceCode) => {
    // Closed from this minute (a window that would end before it opens is moved to open a minute earlier).
    const now = Date.now();
    void save({
      code: code.code, opensAt: new Date(Math.min(Date.parse(code.opensAt), now - 60_000)).toISOString(), closesAt: new Date(now).toISOString(),
      ...(code.sessionId ? { sessionId: code.sessionId } : {}),
    });
  };

  const state = current && windowState(current, new Date());
  const forSession = current?.sessionId ? sessions.find((x) => x.id === current.sessionId) : undefined;
  return (
    <section className="checkin-card checkin-attendance" aria-labelledby="presensi-title">
      <h2 className="checkin-heading" id="presensi-title">{T.attendanceTitle}</h2>
      <p className="checkin-muted">{T.attendanceHint}</p>
      {current && !editing && state && (
        <>
          <p className="checkin-attendance-code" ref={big} aria-label={`${T.attendanceTitle}: ${current.code.split('').join(' ')}`}>{current.code}</p>
          <p className="checkin-muted">
            <Tag color={STATE[state].color}>{STATE[state].label}</Tag>
            {fill(T.attendanceWindow, { opens: formatWibDateTime(new Date(current.opensAt)), closes: formatWibDateTime(new Date(current.closesAt)) })}
          </p>
          {forSession && <p className="checkin-muted">{fill(T.attendanceForSession, { session: forSession.name })}</p>}
          <p className="checkin-count">{fill(T.attendanceCount, { n: current.attended })}</p>
          <div className="checkin-actions">
            <Button onClick={() => void big.current?.requestFullscreen?.()}>{T.attendanceFullscreen}</Button>
            <Button onClick={() => setEditing(true)}>{T.attendanceEdit}</Button>
            {state === 'open' && <Button danger loading={saving} onClick={() => closeNow(current)}>{T.attendanceCloseNow}</Button>}
          </div>
        </>
      )}
      {!current && !editing && query.isSuccess && (
        <>
          <p className="checkin-muted">{T.attendanceNone}</p>
          <Button type="primary" onClick={() => setEditing(true)}>{T.attendanceNew}</Button>
        </>
      )}
      {editing && (
        <CodeForm
          current={current} sessions={sessions} defaultSession={current ? current.sessionId ?? undefined : doorSession} saving={saving}
          onSave={(body) => void save(body)} onCancel={() => { setEditing(false); setError(null); }}
        />
      )}
      {error && <p className="checkin-error" role="alert">{error}</p>}
    </section>
  );
}

/** The whole event: a code for no session in particular (the Select's value for it). */
const WHOLE_EVENT = '';

function CodeForm({ current, sessions, defaultSession, saving, onSave, onCancel }: {
  current: AttendanceCode | null; sessions: readonly DoorSession[]; defaultSession: string | undefined; saving: boolean; onSave: (body: CodeBody) => void; onCancel: () => void;
}) {
  const [sessionId, setSessionId] = useState(defaultSession ?? WHOLE_EVENT);
  const fresh = defaultWindow(new Date());
  const [code, setCode] = useState(current?.code ?? randomAttendanceCode());
  const [opensAt, setOpensAt] = useState(current ? wibInputValue(new Date(current.opensAt)) : fresh.opensAt);
  const [closesAt, setClosesAt] = useState(current ? wibInputValue(new Date(current.closesAt)) : fresh.closesAt);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An unreadable time goes as it is typed: the server's message says what is wrong.
    onSave({ code, opensAt: fromWibInput(opensAt) ?? opensAt, closesAt: fromWibInput(closesAt) ?? closesAt, ...(sessionId ? { sessionId } : {}) });
  };
  return (
    <form className="checkin-attendance-form" onSubmit={submit}>
      <label htmlFor="presensi-kode">{T.attendanceCode}</label>
      <div className="checkin-manual">
        <Input id="presensi-kode" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={12} autoComplete="off" spellCheck={false} />
        <Button onClick={() => setCode(randomAttendanceCode())}>{T.attendanceRandom}</Button>
      </div>
      {sessions.length > 0 && (
        <>
          <label htmlFor="presensi-sesi">{T.attendanceSession}</label>
          <Select
            id="presensi-sesi" value={sessionId} onChange={setSessionId}
            options={[...sessions.map((x) => ({ value: x.id, label: x.name })), { value: WHOLE_EVENT, label: T.attendanceWholeEvent }]}
          />
        </>
      )}
      <label htmlFor="presensi-buka">{T.attendanceOpens}</label>
      <Input id="presensi-buka" type="datetime-local" value={opensAt} onChange={(e) => setOpensAt(e.target.value)} />
      <label htmlFor="presensi-tutup">{T.attendanceCloses}</label>
      <Input id="presensi-tutup" type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} />
      <div className="checkin-actions">
        <Button type="primary" htmlType="submit" loading={saving}>{T.attendanceSave}</Button>
        <Button onClick={onCancel}>{T.attendanceCancel}</Button>
      </div>
    </form>
  );
}
