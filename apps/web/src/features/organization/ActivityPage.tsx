import { useState } from 'react';
import { Alert, Card, Select, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { ACTIVITY_TEXT as T, AUDIT_ACTION_LABEL, fill, AUDIT_ACTIONS, PAGE_SIZE, type AuditAction, type AuditEntry } from '@eo/contract';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { errorText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useActiveMembership } from '../../lib/use-active-organization';
import { useAudit, type AuditFilter } from './api/audit';
import { useMembers } from './api/members';
import './account.css';

const columns: TableColumnType<AuditEntry>[] = [
  { key: 'time', title: T.time, dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
  {
    key: 'who', title: T.who, dataIndex: 'actor',
    render: (actor: AuditEntry['actor'], e) => (
      <span className="org-cell-wrap">
        {actor ? actor.name || actor.email : T.system}
        {e.apiKey && <><br /><small>{fill(T.byApiKey, { name: `${e.apiKey.name} (${e.apiKey.prefix}…)` })}</small></>}
      </span>
    ),
  },
  { key: 'action', title: T.action, dataIndex: 'action', render: (a: AuditAction) => AUDIT_ACTION_LABEL[a] ?? a },
  { key: 'summary', title: T.summary, dataIndex: 'summary', render: (s: string | null) => <span className="org-cell-wrap">{s ?? '-'}</span> },
  { key: 'ip', title: T.ip, dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
];

/** /organization/activity: the organization's audit log, newest first, by person and by action. */
export function ActivityPage() {
  const active = useActiveMembership();
  return active ? <Activity organizationId={active.id} /> : null;
}

function Activity({ organizationId }: { organizationId: string }) {
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const audit = useAudit(organizationId, filter);
  const members = useMembers(organizationId);
  return (
    <div className="org-page">
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      <div className="org-page-filters">
        <Select<string>
          aria-label={T.filterPerson} placeholder={T.allPeople} allowClear showSearch optionFilterProp="label"
          value={filter.userId} onChange={(userId) => setFilter((f) => ({ ...f, userId, page: 1 }))}
          options={(members.data?.docs ?? []).map((m) => ({ value: m.userId, label: m.name || m.email }))}
        />
        <Select<AuditAction>
          aria-label={T.filterAction} placeholder={T.allActions} allowClear
          value={filter.action} onChange={(action) => setFilter((f) => ({ ...f, action, page: 1 }))}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABEL[a] }))}
        />
      </div>
      {audit.isError && <Alert type="error" showIcon title={errorText(audit.error)} />}
      <Card>
        <ResponsiveTable<AuditEntry>
          aria-label={T.title} rowKey="id" columns={columns} dataSource={audit.data?.docs ?? []} loading={audit.isFetching}
          scroll={{ x: 'max-content' }} locale={{ emptyText: T.empty }}
          pagination={{
            current: filter.page, pageSize: PAGE_SIZE, total: audit.data?.totalDocs ?? 0, showSizeChanger: false,
            onChange: (page) => setFilter((f) => ({ ...f, page })),
          }}
        />
      </Card>
    </div>
  );
}
