import { Form, Input, Radio, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { mapLink } from '../../event-text';
import { PlaceSearch } from '../components/PlaceSearch';
import { Field, useWizard } from '../wizard-context';
import { LIMIT } from '../limits';
import { WIZARD_TEXT as T } from '@eo/contract';

/** Step 3: online (streaming question and link) or offline (place, address, map link, notes). */
export function LocationStep() {
  const { form, locks } = useWizard();
  const experience = Form.useWatch('experience', { form, preserve: true }) as string | null;
  const streaming = Form.useWatch('eventStreamQuestion', { form, preserve: true }) as boolean | null;
  const lat = Form.useWatch('eventCoordinateLat', { form, preserve: true }) as number | null;
  const lng = Form.useWatch('eventCoordinateLong', { form, preserve: true }) as number | null;

  return (
    <>
      <Field field="experience" label={T.experience} required>
        <Radio.Group aria-label={T.experience} options={[{ value: 'online', label: T.online }, { value: 'offline', label: T.offline }]} />
      </Field>
      {experience === 'offline' && (
        <>
          <Form.Item label={T.placeSearch}>
            <PlaceSearch
              onPick={(p) => {
                form.setFieldsValue({ location: p.address, eventCoordinateLat: p.lat, eventCoordinateLong: p.lng });
                void form.validateFields([['location']]).catch(() => undefined);
              }}
            />
          </Form.Item>
          <Field field="location" label={T.address} required>
            <Input.TextArea
              maxLength={LIMIT.location} autoSize={{ minRows: 2, maxRows: 4 }}
              // Typed text no longer matches the picked coordinates.
              onChange={() => form.setFieldsValue({ eventCoordinateLat: null, eventCoordinateLong: null })}
            />
          </Field>
          {lat !== null && lng !== null && lat !== undefined && lng !== undefined && (
            <p className="wizard-map-link">
              <EnvironmentOutlined aria-hidden />{' '}
              <Typography.Link href={mapLink(lat, lng)} target="_blank" rel="noopener noreferrer">{T.openMap}</Typography.Link>{' '}
              <Typography.Text type="secondary">({lat.toFixed(4)}, {lng.toFixed(4)})</Typography.Text>
            </p>
          )}
          <Field field="locationNotes" label={T.notes}>
            <Input.TextArea maxLength={LIMIT.notes} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
        </>
      )}
      {experience === 'online' && (
        <>
          <Field field="eventStreamQuestion" label={T.streamQuestion} required lock="eventStreamLink">
            <Radio.Group aria-label={T.streamQuestion} options={[{ value: true, label: T.yes }, { value: false, label: T.no }]} />
          </Field>
          {streaming && (
            <Field field="eventStreamLink" label={T.streamLink} required lock="eventStreamLink">
              <Input maxLength={LIMIT.url} placeholder="https://" disabled={Boolean(locks.eventStreamLink)} />
            </Field>
          )}
        </>
      )}
    </>
  );
}
