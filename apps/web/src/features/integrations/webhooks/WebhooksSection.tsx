import { useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { WEBHOOK_MSG, WEBHOOKS_TEXT as T, type Webhook } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/get-webhooks';
import { useUpdateWebhook } from './api/update-webhook';
import { AddWebhookDialog } from './components/AddWebhookDialog';
import { DeliveriesDrawer } from './components/DeliveriesDrawer';
import { WebhooksTable } from './components/WebhooksTable';
import { useActionRefusal } from './use-action-refusal';
import './webhooks.css';

/** The Integrasi page's webhooks: the endpoints, adding one, switching on and off, deleting, and each one's deliveries. */
export function WebhooksSection({ organizationId }: { organizationId: string }) {
  const list = useWebhooks(organizationId);
  const update = useUpdateWebhook(organizationId);
  const remove = useDeleteWebhook(organizationId);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<Webhook>();
  const { refusal, run, clear } = useActionRefusal();
  // The drawer follows the list (a switch made elsewhere shows in it).
  const current = shown && (list.data?.find((w) => w.id === shown.id) ?? shown);

  return (
    <Card
      className="webhooks-section" title={<Typography.Title level={2} className="webhooks-title">{T.title}</Typography.Title>}
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{T.add}</Button>}
    >
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} closable onClose={clear} className="webhook-alert" />}
      {list.isError && (
        <Alert type="error" showIcon title={T.loadFailed} description={errorText(list.error)} className="webhook-alert"
          action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />
      )}
      <WebhooksTable
        webhooks={list.data ?? []} loading={list.isPending}
        onToggle={(w, enabled) => void run(update.mutateAsync({ webhookId: w.id, enabled }), WEBHOOK_MSG.updated)}
        onDeliveries={setShown}
        onDelete={(w) => void run(remove.mutateAsync(w.id), WEBHOOK_MSG.deleted)}
      />
      <AddWebhookDialog organizationId={organizationId} open={adding} onClose={() => setAdding(false)} />
      {current && <DeliveriesDrawer organizationId={organizationId} webhook={current} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
