import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENT_LABEL, WEBHOOK_EVENT_TYPES, WEBHOOK_MSG, WEBHOOKS_TEXT as T, webhookUrlIssue, type WebhookEventType } from '@eo/contract';
import { ApiError, errorText } from '../../../../lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';

/**
 * "Tambah webhook": the URL and the events to send, checked with the contract's own rule (no zod
 * and no antd Form on this screen: its first-load budget); once saved, the secret is shown here
 * once, with a copy button, until the dialog is closed.
 */
export function AddWebhookDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const id = useId();
  const create = useCreateWebhook(organizationId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [secret, setSecret] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const close = () => {
    setUrl('');
    setEvents([]);
    setErrors({});
    setSecret(undefined);
    setCopied(false);
    setRefusal(undefined);
    onClose();
  };
  const submit = async () => {
    const found = { url: webhookUrlIssue(url), events: events.length ? undefined : WEBHOOK_MSG.eventsRequired };
    setErrors(found);
    setRefusal(undefined);
    if (found.url || found.events) return;
    try {
      setSecret((await create.mutateAsync({ url: url.trim(), events })).secret);
    } catch (err) {
      // A URL the server refuses (a private address) is shown on the field.
      const urlError = err instanceof ApiError ? err.body.errors?.find((e) => e.path === 'url')?.message : undefined;
      if (urlError) setErrors({ url: urlError });
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
        : [<Button key="cancel" onClick={close}>{T.cancel}</Button>, <Button key="save" type="primary" loading={create.isPending} onClick={() => void submit()}>{T.save}</Button>]}
    >
      {secret ? (
        <div className="webhook-secret">
          <Typography.Paragraph>{T.secretHint}</Typography.Paragraph>
          <Input.TextArea readOnly value={secret} aria-label={T.secretTitle} autoSize className="webhook-secret-value" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} className="webhook-secret-copy">{copied ? T.copied : T.copy}</Button>
        </div>
      ) : (
        <form className="webhook-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
          {refusal && <Alert type="error" showIcon role="alert" title={refusal} className="webhook-alert" />}
          <div className="webhook-field">
            <label htmlFor={`${id}-url`} className="webhook-label">{T.url}</label>
            <Input
              id={`${id}-url`} value={url} onChange={(e) => setUrl(e.target.value)} placeholder={T.urlPlaceholder} inputMode="url" autoComplete="off"
              status={errors.url ? 'error' : undefined} aria-invalid={Boolean(errors.url)} aria-describedby={errors.url ? `${id}-url-error` : undefined}
            />
            {errors.url && <div id={`${id}-url-error`} className="webhook-field-error" role="alert">{errors.url}</div>}
          </div>
          <fieldset className="webhook-field webhook-fieldset" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
            <legend className="webhook-label">{T.events}</legend>
            <Checkbox.Group<WebhookEventType> className="webhook-events" value={events} onChange={(v) => setEvents(WEBHOOK_EVENT_TYPES.filter((t) => v.includes(t)))}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type}>{WEBHOOK_EVENT_LABEL[type]} <Typography.Text type="secondary" code>{type}</Typography.Text></Checkbox>
              ))}
            </Checkbox.Group>
            {errors.events && <div id={`${id}-events-error`} className="webhook-field-error" role="alert">{errors.events}</div>}
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
