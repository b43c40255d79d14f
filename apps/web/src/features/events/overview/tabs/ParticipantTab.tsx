import { useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import {
  fill, PAGE_SIZE, PARTICIPANTS, PARTICIPANT_TEXT as T, REGISTRANT_CANCEL_TEXT as C, REGISTRANT_STATUS_FILTERS, type RegistrantStatus,
  type RegistrantStatusFilter,
} from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { endpointUrl } from '../../../../lib/api-call';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import type { EventDetail } from '../../../../lib/event-detail';
import { registrantFilters, useRegistrants, type Registrant, type SearchField } from '../api/get-registrants';
import { useParticipantSearch } from '../hooks/use-participant-search';
import { useDownload } from '../hooks/use-download';
import { useAnswerCell } from '../hooks/use-answer-cell';
import { useCan } from '../../../../lib/use-can';
import { freeTicketIds, mayCancel } from '../cancel/cancel-registrant';
import { CancelRegistrantModal } from '../cancel/CancelRegistrantModal';

/** Each status's tag colour: participants green, waiting amber, the rest grey or red. */
const STATUS_COLOR: Record<RegistrantStatus, string> = { confirmed: 'green', pending: 'gold', declined: 'red', cancelled: 'default', refunded: 'default' };
const STATUS_OPTIONS = REGISTRANT_STATUS_FILTERS.map((value) => ({ value, label: T.statuses[value] }));

/**
 * Registrants with their answers, searchable, downloadable as XLSX or CSV (spec section 2,
 * Participant). It opens on the participants (confirmed); the status filter shows the others.
 * Owners and admins cancel a free registration from its row (Batalkan).
 */
export function ParticipantTab({ event }: { event: EventDetail }) {
  const { field, setField, input, setInput, problem, search, status, setStatus, page, setPage } = useParticipantSearch();
  const { busy, download: downloadExport } = useDownload<'xlsx' | 'csv'>();
  const answer = useAnswerCell(event.id);
  const mayExport = useCan('participants.export');
  const mayManage = useCan('participants.manage');
  const [cancelling, setCancelling] = useState<Registrant | null>(null);
  const free = freeTicketIds(event);
  const list = useRegistrants(event.id, { page, ...search });

  const download = (format: 'xlsx' | 'csv') =>
    downloadExport(format, endpointUrl(PARTICIPANTS.export, { query: { eventId: event.id, format, filters: registrantFilters(search) } }), `participants.${format}`);

  const questions = list.data?.questions ?? [];
  const columns = [
    { key: 'no', title: T.columns.no, width: 64, responsive: ['sm' as const], render: (_: unknown, __: Registrant, i: number) => (page - 1) * PAGE_SIZE + i + 1 },
    { key: 'createdAt', title: T.columns.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { key: 'name', title: T.columns.name, dataIndex: 'name' },
    { key: 'email', title: T.columns.email, dataIndex: 'email' },
    { key: 'phone', title: T.columns.phone, dataIndex: 'phoneNumber', render: (v: string | null) => v || '-' },
    { key: 'ticket', title: T.columns.ticket, dataIndex: 'ticketType' },
    { key: 'status', title: T.columns.status, dataIndex: 'status', render: (v: RegistrantStatus) => <Tag color={STATUS_COLOR[v]}>{T.statuses[v]}</Tag> },
    ...questions.map((q) => ({ key: q.id, title: q.name, render: (_: unknown, r: Registrant) => answer(r, q.id) })),
    // Batalkan only on an event with a free ticket: one of paid tickets keeps its table as it was.
    ...(mayManage && free.size ? [{
      key: 'actions', title: C.actions, fixed: 'right' as const,
      render: (_: unknown, r: Registrant) => (mayCancel(r, free) ? (
        <Button size="small" danger icon={<StopOutlined />} aria-label={fill(C.cancelOne, { name: r.name })} onClick={() => setCancelling(r)}>{C.cancel}</Button>
      ) : null),
    }] : []),
  ];

  return (
    <Card className="participants">
      <div className="participants-toolbar">
        <Space.Compact className="participants-search">
          <Select<SearchField>
            value={field} onChange={setField} aria-label={T.searchBy} className="participants-field"
            options={[{ value: 'name', label: T.fields.name }, { value: 'email', label: T.fields.email }, { value: 'phoneNumber', label: T.fields.phoneNumber }]}
          />
          <Input
            allowClear prefix={<SearchOutlined />} aria-label={T.search} placeholder={T.placeholder[field]} value={input}
            onChange={(e) => setInput(e.target.value)} status={problem ? 'error' : undefined} maxLength={100}
            inputMode={field === 'phoneNumber' ? 'numeric' : undefined}
          />
        </Space.Compact>
        <Select<RegistrantStatusFilter>
          value={status} onChange={setStatus} aria-label={T.statusFilter} className="participants-status" options={STATUS_OPTIONS}
        />
        <Space wrap>
          {mayExport && <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} onClick={() => download('xlsx')}>{T.downloadData}</Button>}
          {mayExport && <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => download('csv')}>{T.csv}</Button>}
        </Space>
      </div>
      {problem && <Typography.Text type="danger" role="alert" className="participants-problem">{problem}</Typography.Text>}
      <Typography.Title level={3} className="participants-title">{T.title}</Typography.Title>
      {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
      <ResponsiveTable<Registrant>
        aria-label={T.title} rowKey="id" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isFetching} scroll={{ x: 'max-content' }}
        locale={{ emptyText: T.noData }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.totalDocs ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {mayManage && <CancelRegistrantModal eventId={event.id} registrant={cancelling} onClose={() => setCancelling(null)} />}
    </Card>
  );
}
