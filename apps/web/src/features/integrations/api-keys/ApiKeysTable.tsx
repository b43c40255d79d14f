import { Button, Popconfirm, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { API_KEYS_TEXT as T, fill, type ApiKey, type ApiKeyScope } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';

interface Props { keys: ApiKey[]; loading: boolean; onRevoke: (id: string) => void }

/** The live keys: what each is called, how it starts, what it may do and when it last called. */
export function ApiKeysTable({ keys, loading, onRevoke }: Props) {
  const columns: TableColumnType<ApiKey>[] = [
    { key: 'name', title: T.name, dataIndex: 'name', render: (name: string) => <span className="org-cell-wrap">{name}</span> },
    { key: 'prefix', title: T.prefix, dataIndex: 'prefix', render: (prefix: string) => <code className="integrations-prefix">{prefix}…</code> },
    {
      key: 'scopes', title: T.scopes, dataIndex: 'scopes',
      render: (scopes: ApiKeyScope[]) => <span className="integrations-tags">{scopes.map((s) => <Tag key={s}>{s}</Tag>)}</span>,
    },
    { key: 'createdAt', title: T.createdAt, dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
    { key: 'lastUsedAt', title: T.lastUsedAt, dataIndex: 'lastUsedAt', render: (iso: string | null) => (iso ? formatDateTime(iso) : T.neverUsed) },
    {
      key: 'actions', title: T.actions,
      render: (_: unknown, k) => (
        <Popconfirm title={fill(T.revokeConfirm, { name: k.name })} okText={T.yes} cancelText={T.no} okButtonProps={{ danger: true }} onConfirm={() => onRevoke(k.id)}>
          <Button size="small" danger aria-label={`${T.revoke} ${k.name}`}>{T.revoke}</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <ResponsiveTable<ApiKey>
      aria-label={T.title} rowKey="id" columns={columns} dataSource={keys} loading={loading} pagination={false}
      scroll={{ x: 'max-content' }} locale={{ emptyText: T.empty }}
    />
  );
}
