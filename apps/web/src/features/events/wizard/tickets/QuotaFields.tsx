import { Form, InputNumber, Radio } from 'antd';
import { QUOTA_TYPES, TICKET_TEXT as T } from '@eo/contract';
import { floorOrNull, type QuotaType } from './ticket-form';
import type { SectionProps } from './section-props';

/** Quota type, total and max per account: asked only for internal registration. */
export function QuotaFields({ form, patch, status, touch, idBase, lockReason }: SectionProps & { lockReason?: string }) {
  return (
    <>
      <Form.Item label={T.quotaType} required extra={lockReason} {...status('originalQuotaType')}>
        <Radio.Group
          aria-label={T.quotaType} value={form.quotaType} disabled={Boolean(lockReason)}
          onChange={(e) => { patch({ quotaType: e.target.value as QuotaType }); touch('originalQuotaType'); }}
          options={[...QUOTA_TYPES].reverse().map((v) => ({ value: v, label: v === 'limited' ? T.quotaLimited : T.quotaUnlimited }))}
        />
      </Form.Item>
      <div className="ticket-pair">
        {form.quotaType === 'limited' && (
          <Form.Item label={T.quota} htmlFor={`${idBase}-quota`} required {...status('originalQuota')}>
            <InputNumber
              id={`${idBase}-quota`} className="ticket-number" min={0} precision={0} value={form.quota}
              onChange={(v) => { patch({ quota: floorOrNull(v) }); touch('originalQuota'); }} onBlur={() => touch('originalQuota')}
            />
          </Form.Item>
        )}
        <Form.Item label={T.maxPerUser} htmlFor={`${idBase}-max`} extra={T.maxPerUserHint} {...status('maxTicketPerUser')}>
          <InputNumber
            id={`${idBase}-max`} className="ticket-number" min={1} precision={0} value={form.maxPerUser}
            onChange={(v) => { patch({ maxPerUser: floorOrNull(v) }); touch('maxTicketPerUser'); }} onBlur={() => touch('maxTicketPerUser')}
          />
        </Form.Item>
      </div>
    </>
  );
}
