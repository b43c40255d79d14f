import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { createWebhookSchema, WEBHOOK_EVENT_LABEL, WEBHOOK_EVENT_TYPES, WEBHOOKS_TEXT as T, type WebhookEventType } from '@eo/contract';
import { CheckboxGroup } from '../../../../components/CheckboxGroup';
import { ApiError, errorText } from '../../../../lib/api-client';
import { zodRule } from '../../../../lib/zod-rule';
import { useCreateWebhook } from '../api/create-webhook';

interface Values { url: string; events: WebhookEventType[] }

/**
 * "Tambah webhook": the URL and the events to send, checked with the contract's rules; once
 * saved, the secret is shown here once, with a copy button, until the dialog is closed.
 */
export function AddWebhookDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhook(organizationId);
  const [secret, setSecret] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const close = () => {
    form.resetFields();
    setSecret(undefined);
    setCopied(false);
    setRefusal(undefined);
    onClose();
  };
  const submit = async (values: Values) => {
    setRefusal(undefined);
    try {
      setSecret((await create.mutateAsync(values)).secret);
    } catch (err) {
      // A URL the server refuses (a private address) is shown on the field.
      const urlError = err instanceof ApiError ? err.body.errors?.find((e) => e.path === 'url')?.message : undefined;
      if (urlError) form.setFields([{ name: 'url', errors: [urlError] }]);
      else setRefusal(errorText(err));
    }
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '').catch(() => undefined);
    setCopied(true);
  };

  return (
    <Modal
      open={open} title={secret ? T.secretTitle : T.add} onCancel={close} destroyOnHidden maskClosable={!secret}
      footer={secret
        ? <Button type="primary" onClick={close}>{T.done}</Button>
        : [<Button key="cancel" onClick={close}>{T.cancel}</Button>, <Button key="save" type="primary" loading={create.isPending} onClick={() => form.submit()}>{T.save}</Button>]}
    >
      {secret ? (
        <div className="webhook-secret">
          <Typography.Paragraph>{T.secretHint}</Typography.Paragraph>
          <Input.TextArea readOnly value={secret} aria-label={T.secretTitle} autoSize className="webhook-secret-value" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} className="webhook-secret-copy">{copied ? T.copied : T.copy}</Button>
        </div>
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ events: [] }} requiredMark>
          {refusal && <Alert type="error" showIcon role="alert" title={refusal} className="webhook-alert" />}
          <Form.Item name="url" label={T.url} required rules={[zodRule(createWebhookSchema, 'url')]}>
            <Input placeholder={T.urlPlaceholder} inputMode="url" autoComplete="off" />
          </Form.Item>
          <Form.Item name="events" label={T.events} required rules={[zodRule(createWebhookSchema, 'events')]}>
            <CheckboxGroup<WebhookEventType> className="webhook-events">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type}>{WEBHOOK_EVENT_LABEL[type]} <Typography.Text type="secondary" code>{type}</Typography.Text></Checkbox>
              ))}
            </CheckboxGroup>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
