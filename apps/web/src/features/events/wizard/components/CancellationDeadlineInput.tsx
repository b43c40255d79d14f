import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
// The pickers read and show dates in dayjs's locale: Indonesian, as antd's.
import '../../../../lib/dates-locale';
import { WIZARD_TEXT as T } from '@eo/contract';
import { deadlineInstant, deadlineParts } from '../cancellation-deadline';
import { DAY_FORMAT, HOUR_FORMAT } from '../tickets/ticket-form';

interface Props {
  id?: string;
  /** An ISO instant, or null: until the event starts. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** WIB `YYYY-MM-DD`: earlier days cannot be picked. */
  today: string | null;
  disabled?: boolean;
}

/** The event's cancellation deadline as a WIB date and time; a form control of the wizard. */
export function CancellationDeadlineInput({ id, value, onChange, today, disabled }: Props) {
  const { date, hour } = deadlineParts(value);
  const beforeToday = (d: Dayjs) => today !== null && d.format('YYYY-MM-DD') < today;
  return (
    <div className="wizard-pair">
      <DatePicker
        id={id} aria-label={T.cancellationDate} value={date} format={DAY_FORMAT} disabledDate={beforeToday} disabled={disabled}
        onChange={(d) => onChange?.(deadlineInstant(d, hour))}
      />
      {/* A deadline is an instant: the time waits for a date and is cleared with it, not alone. */}
      <TimePicker
        aria-label={T.cancellationHour} value={hour} format={HOUR_FORMAT} needConfirm={false} allowClear={false}
        disabled={disabled || !date} onChange={(t) => onChange?.(deadlineInstant(date, t))}
      />
    </div>
  );
}
