import { Form, InputNumber, Radio } from 'antd';
import { formatCount, PRICE_STEP, TICKET_TYPES, TICKET_TEXT as T } from '@eo/contract';
import { floorOrNull, withTicketType } from './ticket-form';
import type { SectionProps } from './section-props';

/** `Rp 10.000` while not typing; what the user types is left alone so the caret does not jump. */
const rupiah = (v: number | string | undefined, info: { userTyping: boolean; input: string }) =>
  info.userTyping ? info.input : v === undefined || v === '' ? '' : `${T.currency} ${formatCount(Number(v))}`;
/** Indonesian grouping dots go, a decimal comma becomes a point (then the value is floored). */
const parseRupiah = (s: string | undefined) => (s ?? '').replace(/[^\d,]/g, '').replace(',', '.');

/** Free or paid per ticket, price and fake price: asked only for a paid event. */
export function PriceFields({ form, patch, status, touch, idBase }: SectionProps) {
  const setType = (type: 'free' | 'paid') => patch(withTicketType(form, type));
  return (
    <>
      <Form.Item label={T.ticketType} {...status('type')}>
        <Radio.Group
          aria-label={T.ticketType} value={form.type} onChange={(e) => setType(e.target.value)}
          options={[...TICKET_TYPES].map((v) => ({ value: v, label: v === 'paid' ? T.paid : T.free }))}
        />
      </Form.Item>
      {form.type === 'paid' && (
        <div className="ticket-pair">
          <Form.Item label={T.price} htmlFor={`${idBase}-price`} required {...status('price')}>
            <InputNumber
              id={`${idBase}-price`} className="ticket-number" min={0} step={PRICE_STEP} precision={0}
              formatter={rupiah} parser={parseRupiah} value={form.price}
              onChange={(v) => { patch({ price: floorOrNull(v) }); touch('price'); }} onBlur={() => touch('price')}
            />
          </Form.Item>
          <Form.Item label={T.fakePrice} htmlFor={`${idBase}-fake`} {...status('fakePrice')}>
            <InputNumber
              id={`${idBase}-fake`} className="ticket-number" min={0} step={PRICE_STEP} precision={0}
              formatter={rupiah} parser={parseRupiah} value={form.fakePrice}
              onChange={(v) => { patch({ fakePrice: floorOrNull(v) }); touch('fakePrice'); }} onBlur={() => touch('fakePrice')}
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
