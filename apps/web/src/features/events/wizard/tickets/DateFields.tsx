import { Button, DatePicker, Form, Radio, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
// The pickers read and show dates in dayjs's locale: Indonesian, as antd's, whichever page came first.
import '../../../../lib/dates-locale';
import { EVENT_TIME_TYPES, TICKET_TEXT as T } from '@eo/contract';
import { dateIndexOf, DAY_FORMAT, emptyDateRow, hasEventDate, HOUR_FORMAT, type DateRow, type EventTimeType } from './ticket-form';
import type { SectionProps } from './section-props';

interface Props extends SectionProps {
  today: string | null;
  /** Set for a stored ticket of a submitted event: its dates and times cannot change. */
  lockReason?: string;
}

/** Event dates, their times (one pair for all, or one per date) and the registration deadline. */
export function DateFields({ form, patch, status, touch, idBase, today, lockReason }: Props) {
  const locked = Boolean(lockReason);
  const beforeToday = (d: Dayjs) => today !== null && d.format('YYYY-MM-DD') < today;
  const single = form.timeType === 'Single Time';
  const setRow = (i: number, p: Partial<DateRow>) => patch({ dates: form.dates.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  const touchRow = (r: DateRow) => { touch('dates'); touch(`date:${r.key}`); };
  const rowStatus = (i: number, field: 'date' | 'startHour' | 'endHour') => {
    const idx = dateIndexOf(form.dates, i);
    return idx === null ? {} : status(`dates.${idx}.${field}`, `date:${form.dates[i].key}`);
  };

  return (
    <>
      <Form.Item label={T.dates} required extra={lockReason} {...status('dates', 'dates')}>
        <div className="ticket-date-rows">
          {form.dates.map((r, i) => (
            <div className="ticket-date-row" key={r.key}>
              <Form.Item className="ticket-inline-item" {...rowStatus(i, 'date')}>
                <DatePicker
                  aria-label={T.date(i + 1)} value={r.date} format={DAY_FORMAT} disabledDate={beforeToday} disabled={locked}
                  onChange={(d) => { setRow(i, { date: d }); touchRow(r); }} onBlur={() => touchRow(r)}
                />
              </Form.Item>
              {!single && (
                <>
                  <Form.Item className="ticket-inline-item" {...rowStatus(i, 'startHour')}>
                    <TimePicker
                      aria-label={T.startHourOf(i + 1)} placeholder={T.startHour} value={r.startHour} format={HOUR_FORMAT}
                      needConfirm={false} disabled={locked} onChange={(t) => { setRow(i, { startHour: t }); touchRow(r); }}
                    />
                  </Form.Item>
                  <Form.Item className="ticket-inline-item" {...rowStatus(i, 'endHour')}>
                    <TimePicker
                      aria-label={T.endHourOf(i + 1)} placeholder={T.endHour} value={r.endHour} format={HOUR_FORMAT}
                      needConfirm={false} disabled={locked} onChange={(t) => { setRow(i, { endHour: t }); touchRow(r); }}
                    />
                  </Form.Item>
                </>
              )}
              <Button
                type="text" danger icon={<DeleteOutlined />} aria-label={T.removeDate(i + 1)}
                disabled={locked || form.dates.length === 1}
                onClick={() => { patch({ dates: form.dates.filter((_, j) => j !== i) }); touch('dates'); }}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={locked} onClick={() => patch({ dates: [...form.dates, emptyDateRow()] })}>
            {T.addDate}
          </Button>
        </div>
      </Form.Item>

      <Form.Item label={T.timeType}>
        <Radio.Group
          aria-label={T.timeType} value={form.timeType} disabled={locked}
          onChange={(e) => patch({ timeType: e.target.value as EventTimeType })}
          options={EVENT_TIME_TYPES.map((v) => ({ value: v, label: v === 'Single Time' ? T.timeSingle : T.timeCustom }))}
        />
      </Form.Item>
      {single && (
        <div className="ticket-pair">
          <Form.Item label={T.startHour} htmlFor={`${idBase}-start`} extra={T.timeOptional} {...status('eventTimeSingle.startHour', 'single')}>
            <TimePicker
              id={`${idBase}-start`} value={form.singleStart} format={HOUR_FORMAT} needConfirm={false} disabled={locked}
              onChange={(t) => { patch({ singleStart: t }); touch('single'); }}
            />
          </Form.Item>
          <Form.Item label={T.endHour} htmlFor={`${idBase}-end`} {...status('eventTimeSingle.endHour', 'single')}>
            <TimePicker
              id={`${idBase}-end`} value={form.singleEnd} format={HOUR_FORMAT} needConfirm={false} disabled={locked}
              onChange={(t) => { patch({ singleEnd: t }); touch('single'); }}
            />
          </Form.Item>
        </div>
      )}

      <div className="ticket-pair">
        <Form.Item label={T.deadlineDate} htmlFor={`${idBase}-deadline`} required {...status('registrationDeadline.date', 'deadline')}>
          <DatePicker
            id={`${idBase}-deadline`} value={form.deadlineDate} format={DAY_FORMAT} disabledDate={beforeToday}
            // The deadline is judged against the event dates, so it waits for one.
            disabled={!hasEventDate(form)}
            onChange={(d) => { patch({ deadlineDate: d }); touch('deadline'); }} onBlur={() => touch('deadline')}
          />
        </Form.Item>
        <Form.Item label={T.deadlineHour} htmlFor={`${idBase}-deadline-hour`} required {...status('registrationDeadline.hour', 'deadline')}>
          <TimePicker
            id={`${idBase}-deadline-hour`} value={form.deadlineHour} format={HOUR_FORMAT} needConfirm={false}
            disabled={!hasEventDate(form)}
            onChange={(t) => { patch({ deadlineHour: t }); touch('deadline'); }} onBlur={() => touch('deadline')}
          />
        </Form.Item>
      </div>
    </>
  );
}
