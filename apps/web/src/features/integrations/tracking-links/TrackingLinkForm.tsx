import { App, Button, Form, Input } from 'antd';
import { TRACKING_LINK_TEXT as T, trackingLinkBodySchema, type TrackingLinkBodyInput } from '@eo/contract';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/zod-rule';
import { useCreateTrackingLink } from './api/create-tracking-link';

/**
 * A new link's name and code, checked with the contract's schema as the API checks them; the
 * API's refusal (a code the event has, the cap) is shown under its field or above the form.
 */
export function TrackingLinkForm({ eventId }: { eventId: string }) {
  const [form] = Form.useForm<TrackingLinkBodyInput>();
  const create = useCreateTrackingLink(eventId);
  const { message } = App.useApp();

  const onFinish = async (values: TrackingLinkBodyInput) => {
    try {
      await create.mutateAsync(values);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body.errors ?? []).filter((e) => e.path === 'name' || e.path === 'code') : [];
      if (fields.length) form.setFields(fields.map((e) => ({ name: e.path as 'name' | 'code', errors: [e.message] })));
      else if (err instanceof ApiError && err.body.messageId === 'TRACKING_CODE_TAKEN') form.setFields([{ name: 'code', errors: [err.message] }]);
      else void message.error(err instanceof Error ? err.message : String(err));
      return;
    }
    form.resetFields();
    void message.success(T.created);
  };

  return (
    <Form form={form} name="tracking-link" layout="vertical" className="tl-form" onFinish={onFinish} requiredMark={false} aria-label={T.create}>
      <Form.Item name="name" label={T.name} rules={[zodRule(trackingLinkBodySchema, 'name')]} validateTrigger="onBlur">
        <Input placeholder={T.namePlaceholder} maxLength={80} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="code" label={T.code} extra={T.codeHint} rules={[zodRule(trackingLinkBodySchema, 'code')]} validateTrigger="onBlur"
        // Typed in capitals or with spaces, it becomes a code as it is typed: kampus ui → kampus-ui.
        normalize={(v: string) => v.toLowerCase().replace(/\s+/g, '-')}
      >
        <Input placeholder={T.codePlaceholder} maxLength={40} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item className="tl-form-submit">
        <Button type="primary" htmlType="submit" loading={create.isPending}>{T.create}</Button>
      </Form.Item>
    </Form>
  );
}
