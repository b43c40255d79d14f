import { DatePicker, TimePicker } from 'antd';
import { fill, formatWibTime, wibDay, wibInstant, EVALUATION_TEXT as T } from '@eo/contract';
// The pickers read and show dates in dayjs's locale: Indonesian, as antd's.
import '../../../../lib/dates-locale';
import { DAY_FORMAT, fmtDate, fmtHour, HOUR_FORMAT, parseDate, parseHour } from '../../wizard/tickets/ticket-form';

interface Props {
  /** The field's name, for the pickers' labels. */
  field: string;
  /** An ISO instant, or null: the default. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The time a date picked alone takes (`HH:mm`): the start of the day to open, its end to close. */
  defaultHour: string;
  invalid?: boolean;
}

/**
 * An instant as a WIB date and time. Two pickers rather than one with a time panel: they show
 * the WIB clock whatever the browser's zone, as the wizard's do.
 */
export function WibDateTimeInput({ field, value, onChange, defaultHour, invalid }: Props) {
  const at = value ? new Date(value) : null;
  const date = at ? parseDate(wibDay(at)) : null;
  const hour = at ? parseHour(formatWibTime(at)) : null;
  const status = invalid ? 'error' : undefined;
  const instant = (day: string | null, time: string | null) => (day ? wibInstant(day, time ?? defaultHour).toISOString() : null);
  return (
    <div className="evaluation-datetime">
      <DatePicker
        aria-label={fill(T.dateOf, { field })} value={date} format={DAY_FORMAT} status={status}
        onChange={(d) => onChange(instant(fmtDate(d), fmtHour(hour)))}
      />
      {/* The time belongs to a date: it waits for one and is cleared with it. */}
      <TimePicker
        aria-label={fill(T.hourOf, { field })} value={hour} format={HOUR_FORMAT} needConfirm={false} allowClear={false} status={status}
        disabled={!date} onChange={(t) => onChange(instant(fmtDate(date), fmtHour(t)))}
      />
    </div>
  );
}
