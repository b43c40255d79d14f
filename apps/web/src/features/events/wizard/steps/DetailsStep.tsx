import { Checkbox, Form, Input } from 'antd';
import { CheckboxGroup } from '../../../../components/CheckboxGroup';
import { AFTER_REGIST_STEPS, BENEFITS, CONSTANT_LABELS, ELIGIBILITIES, STEPS_TO_REGISTER, toggleEligibility, WIZARD_TEXT as T } from '@eo/contract';
import { TextListField } from '../components/TextListField';
import { Field, SELF_MANAGED, useWizard } from '../wizard-context';
import { LIMIT } from '../limits';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: CONSTANT_LABELS[v] ?? v }));
const CHILDREN = ['__FINAL_YEAR_STUDENT__', '__NON_FINAL_YEAR_STUDENT__'];

/** Step 4: description, benefits, eligibility, steps to register, after-registration steps, agreement. */
export function DetailsStep() {
  const { form, locks } = useWizard();
  const description = (Form.useWatch('description', { form, preserve: true }) as string | undefined) ?? '';
  const eligibilities = (Form.useWatch('eligibilities', { form, preserve: true }) as string[] | undefined) ?? [];
  const afterSteps = (Form.useWatch('afterRegistSteps', { form, preserve: true }) as string[] | undefined) ?? [];
  const eligibilityLocked = Boolean(locks.eligibilities);
  const afterLocked = Boolean(locks.afterRegistSteps);

  // Spec section 4: the eligibility ticks move together; the group reports the whole list, so find the one that changed.
  const onEligibility = (next: string[]) => {
    const added = next.find((v) => !eligibilities.includes(v));
    const removed = eligibilities.find((v) => !next.includes(v));
    const value = added ?? removed;
    if (!value) return;
    form.setFieldValue('eligibilities', toggleEligibility(eligibilities, value, Boolean(added)));
    void form.validateFields([['eligibilities']]).catch(() => undefined);
  };

  return (
    <>
      <Field field="description" label={T.description} required extra={`${description.length}/${LIMIT.description}`}>
        <Input.TextArea maxLength={LIMIT.description} autoSize={{ minRows: 6, maxRows: 16 }} />
      </Field>

      <Field field="benefits" label={T.benefits} required>
        <CheckboxGroup options={options(BENEFITS)} className="wizard-checks" />
      </Field>
      <TextListField list="additionalBenefit" itemLabel={T.benefits} addText={T.addBenefit} max={LIMIT.benefit ?? 40} />

      <Field field="eligibilities" label={T.eligibilities} required lock="eligibilities" {...SELF_MANAGED}>
        <CheckboxGroup
          value={eligibilities} onChange={onEligibility} disabled={eligibilityLocked}
          options={ELIGIBILITIES.map((v) => ({ value: v, label: CONSTANT_LABELS[v], style: CHILDREN.includes(v) ? { marginInlineStart: 24 } : undefined }))}
          className="wizard-checks"
        />
      </Field>
      <TextListField list="additionalEligibility" itemLabel={T.eligibilities} addText={T.addEligibility} max={LIMIT.eligibility ?? 40} disabled={eligibilityLocked} />

      <Field field="stepsToRegister" label={T.stepsToRegister}>
        <CheckboxGroup options={options(STEPS_TO_REGISTER)} className="wizard-checks" />
      </Field>
      <TextListField list="additionalStepsToRegister" itemLabel={T.stepsToRegister} addText={T.addStep} max={LIMIT.step ?? 300} long />

      <Field field="afterRegistSteps" label={T.afterSteps} lock="afterRegistSteps">
        <CheckboxGroup options={options(AFTER_REGIST_STEPS)} className="wizard-checks" />
      </Field>
      {afterSteps.includes('__JOIN_WHATSAPP_GROUP__') && (
        <Field field="whatsAppGroupLink" label={T.waGroup} required>
          <Input maxLength={LIMIT.url} placeholder="https://chat.whatsapp.com/..." />
        </Field>
      )}
      <TextListField list="additionalAfterRegistSteps" itemLabel={T.afterSteps} addText={T.addAfterStep} max={LIMIT.afterStep ?? 200} long disabled={afterLocked} />

      <Field field="agreement" valuePropName="checked">
        <Checkbox>{T.agreement}</Checkbox>
      </Field>
    </>
  );
}
