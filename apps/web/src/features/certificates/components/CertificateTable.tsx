import { useState } from 'react';
import { Alert, Button, Card, Progress, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import type { TableProps } from 'antd';
import { useNavigate } from 'react-router';
import { CERT_ATTENDEES_MSG, CERT_OWN_MSG, CERT_STATUS_LABELS, CERT_MSG, CERT_STATUSES, type Certificate, type CertStatus, CERT_TEXT as T } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { errorText } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCertificates } from '../api/get-certificates';
import { PreviewModal } from './PreviewModal';

const STATUS_COLOR: Record<CertStatus, string> = { drafted: 'default', publishing: 'processing', published: 'success' };
// The filter lists Published, Publishing, Draft in the spec's order.
const FILTERS = [...CERT_STATUSES].reverse().map((s) => ({ text: CERT_STATUS_LABELS[s], value: s }));

export const groupText = (c: Certificate) => (c.groupName ? `${c.groupName} (${c.totalRecipient})` : T.none);

function StatusCell({ c }: { c: Certificate }) {
  const { done, total, failed } = c.progress;
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLOR[c.status]}>{CERT_STATUS_LABELS[c.status]}</Tag>
      {c.status === 'publishing' && (
        <>
          <Progress percent={total ? Math.floor((done / total) * 100) : 0} size="small" showInfo={false} aria-label={T.publishingProgress(done, total)} />
          <Typography.Text type="secondary" className="cert-progress">{T.publishingProgress(done, total)}</Typography.Text>
        </>
      )}
      {c.status === 'published' && <Typography.Text type="secondary" className="cert-progress">{T.delivered(done)}</Typography.Text>}
      {c.status !== 'drafted' && failed > 0 && <Typography.Text type="danger" className="cert-progress">{T.failed(failed)}</Typography.Text>}
    </Space>
  );
}

/** Table `Certificates` of spec section 2, with its single-choice status filter. */
export function CertificateTable() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CertStatus | null>(null);
  const [previewing, setPreviewing] = useState<Certificate | null>(null);
  const list = useCertificates(page, status);
  const C = T.columns;
  const filterBy = (next: CertStatus | null) => {
    if (next === status) return;
    setStatus(next);
    setPage(1);
  };

  const columns: TableProps<Certificate>['columns'] = [
    { key: 'event', title: C.event, render: (_, c) => c.eventName || c.event?.name || T.none },
    { key: 'group', title: C.group, render: (_, c) => groupText(c) },
    {
      key: 'status', title: C.status, filters: FILTERS, filterMultiple: false, filteredValue: status ? [status] : null,
      filterIcon: (filtered) => <FilterFilled aria-label={`Filter ${C.status}`} style={{ color: filtered ? '#5b3cc4' : undefined }} />,
      render: (_, c) => <StatusCell c={c} />,
    },
    {
      key: 'action', title: C.action,
      render: (_, c) => {
        const name = c.eventName || T.none;
        const editable = c.status === 'drafted';
        const edit = (
          <Button size="small" disabled={!editable} aria-label={`${T.edit} ${name}`} onClick={() => navigate(`/certificate/edit/${c.id}`)}>{T.edit}</Button>
        );
        return (
          <Space wrap>
            <Button size="small" aria-label={`${T.preview} ${name}`} onClick={() => setPreviewing(c)}>{T.preview}</Button>
            {editable ? edit : <Tooltip title={CERT_OWN_MSG.notDrafted}><span>{edit}</span></Tooltip>}
            {/* Attendees checked in after publishing: the form shows how many and publishes to them. */}
            {c.status === 'published' && c.recipientType === 'attendees' && (
              <Button size="small" aria-label={`${CERT_ATTENDEES_MSG.sendNew} ${name}`} onClick={() => navigate(`/certificate/edit/${c.id}`)}>{CERT_ATTENDEES_MSG.sendNew}</Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={T.tableTitle} className="cert-card">
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} className="cert-note" />}
      {/* Phones get cards, which have no column headers: the status filter stands above them. */}
      {isMobile && (
        <Select<CertStatus>
          allowClear aria-label={`Filter ${C.status}`} placeholder={C.status} value={status ?? undefined} className="cert-status-filter"
          options={FILTERS.map((f) => ({ value: f.value, label: f.text }))} onChange={(v) => filterBy(v ?? null)}
        />
      )}
      <ResponsiveTable<Certificate>
        aria-label={T.tableTitle} rowKey="id" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        scroll={{ x: 'max-content' }} locale={{ emptyText: CERT_MSG.empty }}
        onChange={(_p, filters) => filterBy((filters.status?.[0] as CertStatus | undefined) ?? null)}
        pagination={{ current: page, pageSize: list.data?.limit ?? 10, total: list.data?.totalDocs ?? 0, onChange: setPage, showSizeChanger: false, simple: true, hideOnSinglePage: false }}
      />
      <PreviewModal certificate={previewing} onClose={() => setPreviewing(null)} />
    </Card>
  );
}
