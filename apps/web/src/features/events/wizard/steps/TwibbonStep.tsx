import { Form, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { CUSTOM_KEY_DEBOUNCE_MS, CUSTOM_KEY_RE, EVENT_MSG, WIZARD_TEXT as T } from '@eo/contract';
import { isCustomKeyFree } from '../../api/check-custom-key';
import { ImageUpload } from '../components/ImageUpload';
import { TextListField } from '../components/TextListField';
import { Field, NoControl, useWizard } from '../wizard-context';
import { LIMIT } from '../limits';


/** Step 5: whether a twibbon is required, then its template, key, caption, guidelines and poster. */
export function TwibbonStep() {
  const { form, eventId } = useWizard();
  const required = Form.useWatch('twibbonRequired', { form, preserve: true }) as boolean | undefined;

  const available: Rule = {
    validator: async (_rule, value: string) => {
      const key = (value ?? '').trim();
      // Format problems are the contract rule's to report.
      if (!key || !CUSTOM_KEY_RE.test(key)) return;
      if (!(await isCustomKeyFree(key, eventId ?? undefined))) throw new Error(EVENT_MSG.customKeyTaken);
    },
  };

  return (
    <>
      <Field field="twibbonRequired" label={T.twibbonRequired} required>
        <Radio.Group aria-label={T.twibbonRequired} options={[{ value: true, label: T.yes }, { value: false, label: T.no }]} />
      </Field>
      {required && (
        <>
          <Field field="twibbon.templateUrl" label={T.twibbonTemplate} required>
            <ImageUpload docType="TwibbonTemplate" label={T.twibbonTemplate} hint={T.twibbonTemplateHint} />
          </Field>
          <Field field="twibbon.customKey" label={T.customKey} required extra={T.customKeyHint} validateDebounce={CUSTOM_KEY_DEBOUNCE_MS} extraRules={[available]}>
            <Input maxLength={LIMIT.customKey} />
          </Field>
          <Field field="twibbon.caption" label={T.caption} required>
            <Input.TextArea maxLength={LIMIT.caption} showCount autoSize={{ minRows: 3, maxRows: 10 }} />
          </Field>
          <Form.Item label={T.guidelines} required>
            {/* The list's own message ('Twibbon Guideline is required') shows here; each item validates itself. */}
            <Field field="twibbon.guide" noStyle><NoControl /></Field>
            <TextListField list="twibbon.guide" itemLabel={T.guidelines} addText={T.addGuideline} max={LIMIT.guide ?? 500} long />
          </Form.Item>
          <Field field="twibbon.posterUrl" label={T.twibbonPoster}>
            <ImageUpload docType="TwibbonPoster" label={T.twibbonPoster} hint={T.twibbonPosterHint} />
          </Field>
        </>
      )}
    </>
  );
}
