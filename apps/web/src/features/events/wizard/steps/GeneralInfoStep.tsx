import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { CheckboxGroup } from '../../../../components/CheckboxGroup';
import { categoryLabel, COMPETITION_FIELDS, EDIT_ONLY_CATEGORIES, FORM_CATEGORIES, subCategoriesOf, WIZARD_TEXT as T } from '@eo/contract';
import { ImageUpload } from '../components/ImageUpload';
import { Field, useWizard } from '../wizard-context';
import { OTHER } from '../wizard-values';
import { LIMIT } from '../limits';

/** Categories offered: the form's set, Pertukaran Pelajar only when editing, and a stored older type kept as is. */
function categoryOptions(editing: boolean, current: string | null) {
  const offered: string[] = FORM_CATEGORIES.filter((c) => editing || !(EDIT_ONLY_CATEGORIES as readonly string[]).includes(c));
  if (current && !offered.includes(current)) offered.push(current);
  return offered.map((c) => ({ value: c, label: categoryLabel(c) }));
}

/** Step 1: poster, name, category, sub-category, competition field, organizer. */
export function GeneralInfoStep() {
  const { form, editing } = useWizard();
  const [example, setExample] = useState(false);
  const type = Form.useWatch('type', { form, preserve: true }) as string | null;
  const subCategory = Form.useWatch('subCategory', { form, preserve: true }) as string | null;
  const fields = (Form.useWatch('competitionFields', { form, preserve: true }) as string[] | undefined) ?? [];
  const contacts = (Form.useWatch(['eventOrganizer', 'contacts'], form) as string[] | undefined) ?? [];
  const subs = subCategoriesOf(type);

  // A new category asks its own sub-category and competition field.
  const onType = () => form.setFieldsValue({ subCategory: null, subCategoryOther: '', competitionFields: [], competitionOther: '', typeDesc: '' });

  return (
    <>
      <Field field="imageUrl" label={T.poster} required>
        <ImageUpload docType="EventImage" label={T.poster} hint={T.posterHint} aspect="4 / 5" />
      </Field>
      <Button type="link" className="wizard-inline-link" onClick={() => setExample(true)}>{T.posterExample}</Button>
      <Modal open={example} title={T.posterExampleTitle} footer={null} onCancel={() => setExample(false)}>
        <div className="poster-example" aria-hidden>
          <span className="poster-example-ratio">4 : 5</span>
          <span className="poster-example-title">{T.posterExampleName}</span>
          <span>1080 × 1350 px</span>
        </div>
        <Typography.Paragraph>{T.posterExampleBody}</Typography.Paragraph>
      </Modal>

      <Field field="name" label={T.name} required>
        <Input maxLength={LIMIT.name} showCount />
      </Field>
      <Field field="type" label={T.category} lock="type" required>
        <Select options={categoryOptions(editing, type)} onChange={onType} placeholder={T.category} />
      </Field>
      {type === OTHER && (
        <Field field="typeDesc" label={T.categoryOther} lock="type" required>
          <Input maxLength={LIMIT.customText} showCount />
        </Field>
      )}
      {subs && (
        <Field field="subCategory" label={T.subCategory} required>
          <Select options={subs.map((s) => ({ value: s, label: s }))} placeholder={T.subCategory} />
        </Field>
      )}
      {subs && subCategory === OTHER && (
        <Field field="subCategoryOther" label={T.subCategoryOther} required>
          <Input maxLength={LIMIT.customText} showCount />
        </Field>
      )}
      {type === 'Lomba' && (
        <Field field="competitionFields" label={T.competitionField} required>
          <Select mode="multiple" options={COMPETITION_FIELDS.map((f) => ({ value: f, label: f }))} placeholder={T.competitionField} />
        </Field>
      )}
      {type === 'Lomba' && fields.includes(OTHER) && (
        <Field field="competitionOther" label={T.competitionOther} required>
          <Input maxLength={LIMIT.customText} showCount />
        </Field>
      )}

      <Typography.Title level={3} className="wizard-section-title">{T.organizer}</Typography.Title>
      <Field field="eventOrganizer.organizationLogoUrl" label={T.logo}>
        <ImageUpload docType="OrganizationLogo" label={T.logo} hint={T.logoHint} />
      </Field>
      <Field field="eventOrganizer.name" label={T.eoName} required>
        <Input maxLength={LIMIT.eoName} showCount />
      </Field>
      <Field field="eventOrganizer.email" label={T.eoEmail} lock="eventOrganizer.email" required>
        <Input type="email" maxLength={LIMIT.email} autoComplete="email" />
      </Field>
      <Field field="eventOrganizer.confirmEmail" label={T.confirmEmail} lock="eventOrganizer.email" required>
        <Input type="email" maxLength={LIMIT.email} autoComplete="off" />
      </Field>
      <Field field="eventOrganizer.contacts" label={T.contacts} required>
        <CheckboxGroup options={[{ value: 'whatsapp', label: T.whatsapp }, { value: 'instagram', label: T.instagram }]} />
      </Field>
      {contacts.includes('whatsapp') && (
        <Field field="eventOrganizer.phoneNational" label={T.whatsappNumber} required normalize={(v: string) => v.replace(/\D/g, '')}>
          <Input addonBefore="+62" inputMode="numeric" maxLength={LIMIT.whatsapp} placeholder="8xxxxxxxxxx" />
        </Field>
      )}
      {contacts.includes('instagram') && (
        <Field field="eventOrganizer.instagramProfileUrl" label={T.instagram} required>
          <Input maxLength={LIMIT.instagram} placeholder={T.instagramPlaceholder} />
        </Field>
      )}
    </>
  );
}
