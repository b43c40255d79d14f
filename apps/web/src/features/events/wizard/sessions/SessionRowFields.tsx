import { Button, DatePicker, Form, Input, TimePicker } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
// The pickers read and show dates in dayjs's locale: Indonesian, as antd's.
import '../../../../lib/dates-locale';
import { SESSION_LIMITS, SESSION_TEXT as S } from '@eo/contract';
import { DAY_FORMAT, fmtDate, fmtHour, HOUR_FORMAT, parseDate, parseHour } from '../tickets/ticket-form';
import { contractRule, useWizard } from '../wizard-context';

interface Props {
  /** The row's index in the list (antd's field name). */
  index: number;
  /** Its name so far, for the remove button. */
  name: string;
  onRemove: () => void;
}

// The form keeps `YYYY-MM-DD` and `HH:mm` text (see SessionRow); the pickers work in dayjs.
const asDate = { getValueProps: (v: string | null) => ({ value: parseDate(v) }), normalize: (d: Dayjs | null) => fmtDate(d ?? null) };
const asHour = { getValueProps: (v: string | null) => ({ value: parseHour(v) }), normalize: (t: Dayjs | null) => fmtHour(t ?? null) };

/** One session: name, WIB day, start and end time, each with the contract's message under it. */
export function SessionRowFields({ index, name, onRemove }: Props) {
  const { form, issueCtx } = useWizard();
  const rules = (f: string) => [contractRule(form, issueCtx, `sessions.${index}.${f}`)];
  const beforeToday = (d: Dayjs) => issueCtx.today !== null && d.format('YYYY-MM-DD') < issueCtx.today;
  const n = index + 1;
  return (
    <div className="session-row">
      <Form.Item name={[index, 'name']} rules={rules('name')} className="session-item session-name">
        <Input aria-label={S.nameOf(n)} placeholder={S.namePlaceholder} maxLength={SESSION_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name={[index, 'date']} rules={rules('date')} className="session-item session-date" {...asDate}>
        <DatePicker aria-label={S.dateOf(n)} placeholder={S.datePlaceholder} format={DAY_FORMAT} disabledDate={beforeToday} />
      </Form.Item>
      <Form.Item name={[index, 'startHour']} rules={rules('startHour')} className="session-item session-start" {...asHour}>
        <TimePicker aria-label={S.startOf(n)} placeholder={S.startPlaceholder} format={HOUR_FORMAT} needConfirm={false} />
      </Form.Item>
      <Form.Item name={[index, 'endHour']} rules={rules('endHour')} className="session-item session-end" {...asHour}>
        <TimePicker aria-label={S.endOf(n)} placeholder={S.endPlaceholder} format={HOUR_FORMAT} needConfirm={false} />
      </Form.Item>
      <Button
        type="text" danger icon={<DeleteOutlined />} className="session-remove"
        aria-label={S.remove(name.trim() || S.unnamed(n))} onClick={onRemove}
      />
    </div>
  );
}
