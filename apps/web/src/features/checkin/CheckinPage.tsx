import { useState, type FormEvent } from 'react';
import { Button, Input, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { CHECKIN_TEXT as T, fill } from '@eo/contract';
import { useEventDetail } from '../../lib/event-detail';
import { AttendanceCodePanel } from './components/AttendanceCodePanel';
import { Counters } from './components/Counters';
import { RecentList } from './components/RecentList';
import { ResultPanel } from './components/ResultPanel';
import { SearchPanel } from './components/SearchPanel';
import { Scanner } from './scanner/Scanner';
import { useDoor } from './use-door';
import './checkin.css';

/**
 * `/event/{id}/checkin`: the door, made for a phone (at 375 px the main screen for
 * staff). Scan or type a ticket code, or find a registrant; the result shows large and coloured
 * with a beep and a vibration; counters and recent check-ins follow every scanner of the event.
 * An online event also gets its attendance code (Kode Presensi) at the top.
 */
export function CheckinPage() {
  const { id = '' } = useParams();
  const detail = useEventDetail(id);
  const door = useDoor(id);
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
      {detail.data?.experience === 'online' && <AttendanceCodePanel eventId={id} />}
      <ResultPanel result={door.result} />
      <Scanner onCode={door.checkCode} />
      <form className="checkin-manual" onSubmit={(e) => void submit(e)}>
        <Input aria-label={T.code} placeholder={T.code} value={code} onChange={(e) => setCode(e.target.value)} size="large" autoComplete="off" autoCapitalize="off" spellCheck={false} />
        <Button htmlType="submit" size="large" loading={checking}>{T.check}</Button>
      </form>
      <Counters summary={door.summary} />
      <SearchPanel eventId={id} online={door.online} pack={door.pack} queue={door.queue} onCheckIn={door.checkRegistrant} onUndo={door.undo} />
      <RecentList recent={door.summary?.recent ?? []} differing={door.differing} />
    </div>
  );
}
