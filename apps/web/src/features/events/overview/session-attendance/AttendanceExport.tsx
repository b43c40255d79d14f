import { Button } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { SESSION_ATTENDANCE, SESSION_ATTENDANCE_EXPORT as X, SESSION_ATTENDANCE_TEXT as T, type ExportFormat } from '@eo/contract';
import { endpointUrl } from '../../../../lib/api-call';
import { useCan } from '../../../../lib/use-can';
import { useDownload } from '../hooks/use-download';

/** XLSX and CSV of the rows the filter shows (every page), for the roles the export's endpoint allows. */
export function AttendanceExport({ eventId, minSessions }: { eventId: string; minSessions: number }) {
  // The export endpoint's action, as the participant list's download checks it.
  const mayExport = useCan('participants.export');
  const { busy, download } = useDownload<ExportFormat>();
  if (!mayExport) return null;
  const save = (format: ExportFormat) =>
    download(format, endpointUrl(SESSION_ATTENDANCE.export, { params: { id: eventId }, query: { format, minSessions } }), `${X.file}.${format}`);
  return (
    <div className="session-attendance-export">
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} onClick={() => save('xlsx')}>{T.xlsx}</Button>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => save('csv')}>{T.csv}</Button>
    </div>
  );
}
