import { useState } from 'react';
import { Alert, Button, Drawer, Pagination, Space, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { fill, WEBHOOK_DELIVERY_STATUS_LABEL, WEBHOOK_EVENT_LABEL, WEBHOOKS_TEXT as T, type Webhook, type WebhookDelivery, type WebhookDeliveryStatus } from '@eo/contract';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';
import { errorText } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/dates';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '../api/retry-webhook-delivery';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useActionRefusal } from '../use-action-refusal';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'processing', delivered: 'success', failed: 'error' };

/** An endpoint's deliveries log: event, status, answer code, tries, next try; a retry of a settled one, and a test event. */
export function DeliveriesDrawer({ organizationId, webhook, onClose }: { organizationId: string; webhook: Webhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveries(organizationId, webhook.id, page);
  const retry = useRetryWebhookDelivery(organizationId, webhook.id);
  const test = useSendWebhookTest(organizationId, webhook.id);
  const mobile = useIsMobile();
  const { refusal, run } = useActionRefusal();

  const columns: TableColumnType<WebhookDelivery>[] = [
    { key: 'eventType', title: T.eventType, dataIndex: 'eventType', render: (type: WebhookDelivery['eventType']) => WEBHOOK_EVENT_LABEL[type] },
    { key: 'status', title: T.status, dataIndex: 'status', render: (s: WebhookDeliveryStatus) => <Tag color={STATUS_COLOR[s]}>{WEBHOOK_DELIVERY_STATUS_LABEL[s]}</Tag> },
    { key: 'responseStatus', title: T.responseCode, dataIndex: 'responseStatus', render: (code: number | null, d) => code ?? (d.lastError ? <span className="webhook-cell-wrap">{d.lastError}</span> : '-') },
    { key: 'attempts', title: T.attempts, dataIndex: 'attempts' },
    { key: 'nextAttemptAt', title: T.nextTry, dataIndex: 'nextAttemptAt', render: (iso: string | null) => (iso ? formatDateTime(iso) : '-') },
    { key: 'createdAt', title: T.createdAt, dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
    {
      key: 'actions', title: T.actions,
      render: (_: unknown, d) => d.status !== 'pending' && (
        <Button size="small" loading={retry.isPending && retry.variables?.deliveryId === d.id}
          onClick={() => void run(retry.mutateAsync({ webhookId: webhook.id, deliveryId: d.id }), T.retryDelivery)}>
          {T.retryDelivery}
        </Button>
      ),
    },
  ];
  return (
    <Drawer open title={fill(T.deliveriesTitle, { url: webhook.url })} onClose={onClose} size={mobile ? '100%' : 900} destroyOnHidden
      classNames={{ header: 'webhook-drawer-header' }}>
      <Space wrap className="webhook-toolbar">
        <Button type="primary" icon={<SendOutlined />} loading={test.isPending} disabled={!webhook.enabled} onClick={() => void run(test.mutateAsync(), T.sendTest)}>{T.sendTest}</Button>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>{T.refresh}</Button>
      </Space>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} className="webhook-alert" />}
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="webhook-alert" />}
      <ResponsiveTable<WebhookDelivery>
        aria-label={T.deliveries} rowKey="id" columns={columns} dataSource={list.data?.docs ?? []} loading={list.isPending}
        pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: T.noDeliveries }}
      />
      {(list.data?.totalPages ?? 0) > 1 && (
        <Pagination className="webhook-pagination" current={page} pageSize={DELIVERIES_PAGE_SIZE} total={list.data?.totalDocs ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </Drawer>
  );
}
