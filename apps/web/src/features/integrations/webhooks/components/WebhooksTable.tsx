import { Button, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { fill, WEBHOOK_EVENT_LABEL, WEBHOOKS_TEXT as T, type Webhook } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { formatDateTime } from '../../../../lib/dates';

interface Props {
  webhooks: Webhook[];
  loading: boolean;
  onToggle: (w: Webhook, enabled: boolean) => void;
  onDeliveries: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

/** The organization's endpoints (cards on phones): where, what, whether on, since when failing. */
export function WebhooksTable({ webhooks, loading, onToggle, onDeliveries, onDelete }: Props) {
  const columns: TableColumnType<Webhook>[] = [
    { key: 'url', title: T.url, dataIndex: 'url', render: (url: string) => <Typography.Text className="webhook-cell-wrap">{url}</Typography.Text> },
    {
      key: 'events', title: T.events, dataIndex: 'events',
      render: (events: Webhook['events']) => <span className="webhook-tags">{events.map((e) => <Tag key={e}>{WEBHOOK_EVENT_LABEL[e]}</Tag>)}</span>,
    },
    {
      key: 'status', title: T.status,
      render: (_: unknown, w) => (
        <Space orientation="vertical" size={2}>
          <Switch checked={w.enabled} onChange={(on) => onToggle(w, on)} checkedChildren={T.enabled} unCheckedChildren={T.disabled}
            aria-label={fill(`${w.enabled ? T.disable : T.enable} {url}`, { url: w.url })} />
          {w.failingSince && <Typography.Text type="danger">{fill(T.failingSince, { date: formatDateTime(w.failingSince) })}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'createdAt', title: T.createdAt, dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
    {
      key: 'actions', title: T.actions,
      render: (_: unknown, w) => (
        <Space wrap>
          <Button size="small" onClick={() => onDeliveries(w)} aria-label={`${T.deliveries} ${w.url}`}>{T.deliveries}</Button>
          <Popconfirm title={T.deleteConfirm} okText={T.delete} cancelText={T.cancel} onConfirm={() => onDelete(w)}>
            <Button size="small" danger aria-label={`${T.delete} ${w.url}`}>{T.delete}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return <ResponsiveTable<Webhook> aria-label={T.title} rowKey="id" columns={columns} dataSource={webhooks} loading={loading} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: T.empty }} />;
}
