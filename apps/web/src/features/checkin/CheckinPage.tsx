import { useEffect, useState, type FormEvent } from 'react';
import { Button, Input, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { CHECKIN_TEXT as T, fill } from '@eo/contract';
import { useEventDetail } from '../../lib/event-detail';
import { AttendanceCodePanel } from './components/AttendanceCodePanel';
import { Counters } from './components/Counters';
import { RecentList } from './components/RecentList';
import { ResultPanel } from './components/ResultPanel';
import { SearchPanel } from './components/SearchPanel';
import { SessionPicker } from './components/SessionPicker';
import { Scanner } from './scanner/Scanner';
import { chosenSession, storedSession, storeSession, type DoorSession } from './session-choice';
import { useDoor } from './use-door';
import './checkin.css';

/**
 * `/event/{id}/checkin`: the door, made for a phone (at 375 px the main screen for
 * staff). Scan or type a ticket code, or find a registrant; the result shows large and coloured
 * with a beep and a vibration; counters and recent check-ins follow every scanner of the event.
 * An online event also gets its attendance code (Kode Presensi) at the top. An event with sessions
 * checks in to one session at a time: the one running now, unless this scanner was set to another.
 */
export function CheckinPage() {
  const { id = '' } = useParams();
  const detail = useEventDetail(id);
  const [chosen, setChosen] = useState(() => storedSession(id));
  // Offline, the event's sessions come from the offline pack kept on the phone.
  const [packSessions, setPackSessions] = useState<DoorSession[]>([]);
  const sessions = detail.data?.sessions ?? packSessions;
  const session = chosenSession(sessions, chosen, new Date());
  const door = useDoor(id, session?.id);
  useEffect(() => {
    // A pack kept from before sessions existed has none.
    if (door.pack) setPackSessions(door.pack.sessions ?? []);
  }, [door.pack]);
  const choose = (sessionId: string) => {
    storeSession(id, sessionId);
    setChosen(sessionId);
  };
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setChecking(true);
    try {
      await door.checkCode(code);
      setCode('');
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="checkin-page">
      <header className="checkin-head">
        <div className="checkin-head-text">
          <Typography.Title level={1} className="checkin-title">{T.title}</Typography.Title>
          {detail.data && <p className="checkin-event">{detail.data.name}</p>}
          {detail.error && <p className="checkin-muted" role="alert">{T.loadFailed}</p>}
        </div>
        <div className="checkin-badges">
          <Tag color={door.online ? 'green' : 'red'}>{door.online ? T.online : T.offline}</Tag>
          {door.pending > 0 && <Tag color="orange">{fill(T.pending, { n: door.pending })}</Tag>}
        </div>
      </header>
      {sessions.length > 0 && <SessionPicker sessions={sessions} value={session?.id} onChange={choose} />}
      {detail.data?.experience === 'online' && <AttendanceCodePanel eventId={id} sessions={sessions} doorSession={session?.id} />}
      <ResultPanel result={door.result} />
      <Scanner onCode={door.checkCode} />
      <form className="checkin-manual" onSubmit={(e) => void submit(e)}>
        <Input aria-label={T.code} placeholder={T.code} value={code} onChange={(e) => setCode(e.target.value)} size="large" autoComplete="off" autoCapitalize="off" spellCheck={false} />
        <Button htmlType="submit" size="large" loading={checking}>{T.check}</Button>
      </form>
      <Counters summary={door.summary} sessionId={session?.id} />
      <SearchPanel eventId={id} sessionId={session?.id} online={door.online} pack={door.pack} queue={door.queue} onCheckIn={door.checkRegistrant} onUndo={door.undo} />
      <RecentList recent={door.summary?.recent ?? []} differing={door.differing} />
    </div>
  );
}
