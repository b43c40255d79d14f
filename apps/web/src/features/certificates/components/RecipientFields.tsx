import { Form, Select } from 'antd';
import { CERT_ATTENDEES_MSG, CERT_FIELD_NAMES, CERT_MSG, CERT_RULES_MSG, CERT_TEXT as T } from '@eo/contract';
import type { EventOption } from '../api/search-events';
import type { CertFormValues, CsvFile } from '../cert-form-values';
import { AttendeesCount } from './AttendeesCount';
import { CsvUpload } from './CsvUpload';
import { EligibleRules } from './EligibleRules';
import { EventSelect } from './EventSelect';

interface Props {
  csv: CsvFile | null;
  onCsv: (csv: CsvFile) => void;
  initialEvent: EventOption | null;
  /** The edited certificate, whose attendees already certified the count tells apart. */
  certificateId?: string;
  disabled?: boolean;
}

const required = (message: string) => [{ required: true, message }];

/**
 * Left column, first half: which event, who receives: the CSV and its name and email columns, the
 * event's attendees, or those meeting rules, both counted before publishing.
 */
export function RecipientFields({ csv, onCsv, initialEvent, certificateId, disabled }: Props) {
  const type = Form.useWatch<CertFormValues['recipientType']>('recipientType');
  const eventId = Form.useWatch<CertFormValues['eventId']>('eventId');
  const columns = (csv?.columns ?? []).map((c) => ({ value: c, label: c }));
  return (
    <>
      <Form.Item name="eventId" label={CERT_FIELD_NAMES.event} htmlFor="cert-event" rules={required(CERT_MSG.event)} required extra={T.eventHint}>
        <EventSelect id="cert-event" initial={initialEvent} disabled={disabled} />
      </Form.Item>
      <Form.Item name="recipientType" label={T.recipientType} htmlFor="cert-recipient-type" rules={required(CERT_MSG.recipientType)} required>
        <Select
          id="cert-recipient-type" placeholder={T.recipientTypePlaceholder} disabled={disabled}
          options={[
            { value: 'csv', label: T.recipientCsvOption }, { value: 'attendees', label: CERT_ATTENDEES_MSG.option }, { value: 'eligible', label: CERT_RULES_MSG.option },
          ]}
        />
      </Form.Item>
      {type === 'attendees' && (
        <Form.Item>
          <AttendeesCount id="cert-attendees" eventId={eventId} certificateId={certificateId} />
        </Form.Item>
      )}
      {type === 'eligible' && <EligibleRules eventId={eventId} disabled={disabled} />}
      {type === 'csv' && (
        <>
          <Form.Item label={T.csvFile} htmlFor="cert-csv" required>
            <CsvUpload id="cert-csv" value={csv} onChange={onCsv} disabled={disabled} />
          </Form.Item>
          <Form.Item name="recipientNameColumn" label={T.nameColumn} htmlFor="cert-name-column" rules={required(CERT_MSG.nameColumn)} required>
            <Select id="cert-name-column" placeholder={T.columnPlaceholder} options={columns} disabled={disabled || !csv} />
          </Form.Item>
          <Form.Item name="recipientEmailColumn" label={T.emailColumn} htmlFor="cert-email-column" rules={required(CERT_MSG.emailColumn)} required>
            <Select id="cert-email-column" placeholder={T.columnPlaceholder} options={columns} disabled={disabled || !csv} />
          </Form.Item>
        </>
      )}
    </>
  );
}
