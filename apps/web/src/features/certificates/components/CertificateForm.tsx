import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Row } from 'antd';
import { useNavigate } from 'react-router';
import { CERT_ATTENDEES_MSG, CERT_DEFAULTS, CERT_OWN_MSG, certificateMissing, certificateText, previewMissing, serialNumber, type TemplateObjectKey, CERT_TEXT as T } from '@eo/contract';
import type { EventOption } from '../api/search-events';
import { useAttendeesCount } from '../api/get-attendees-count';
import { fontFamilyOf, loadCertFonts } from '../cert-fonts';
import { toPayload, type CertExtras, type CertFormValues, type CsvFile, type TemplateImage } from '../cert-form-values';
import { guessColumn } from '../csv-header';
import { usePreview } from '../hooks/use-preview';
import { useSaveCertificate } from '../hooks/use-save-certificate';
import { clampBox, defaultBoxes, rescaleBoxes, sameBoxes, type Box, type Boxes, type Size } from '../placeholder-geometry';
import { PreviewResult } from './PreviewResult';
import { PublishConfirm } from './PublishConfirm';
import { RecipientFields } from './RecipientFields';
import { STYLE_FIELDS, StyleFields } from './StyleFields';
import { TemplatePanel } from './TemplatePanel';
import type { CanvasLooks } from './TemplateCanvas';

interface Props {
  /** The edited certificate's id; none when creating. */
  id?: string;
  initial: { values: CertFormValues; extras: CertExtras };
  initialEvent: EventOption | null;
  /** Opened for a certificate that is no longer a draft: read only, no SAVE AS DRAFT. */
  published: boolean;
  /** A published certificate for attendees: PUBLISH sends it to those checked in since. */
  republishable?: boolean;
}

const COLUMN_FIELDS = ['recipientNameColumn', 'recipientEmailColumn'] as const;

/** The create/edit form of spec section 2: fields left, template and canvas right, actions below. */
export function CertificateForm({ id, initial, initialEvent, published, republishable = false }: Props) {
  const [form] = Form.useForm<CertFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [csv, setCsv] = useState<CsvFile | null>(initial.extras.csv);
  const [template, setTemplate] = useState<TemplateImage | null>(initial.extras.template);
  const [boxes, setBoxes] = useState<Boxes | null>(initial.extras.boxes);
  const [confirming, setConfirming] = useState(false);
  const { save, republish, saving, saved } = useSaveCertificate(id);
  const preview = usePreview();
  const busy = saving !== null || saved;
  // Early, so the font choices already show in their own typeface.
  useEffect(() => void loadCertFonts(), []);

  const font = Form.useWatch('font', form);
  const color = Form.useWatch('color', form);
  const prefix = Form.useWatch('serialNumberPrefix', form) ?? '';
  const sizes = { name: Form.useWatch('recipientSize', form), number: Form.useWatch('serialSize', form) };
  const chars = { name: Form.useWatch('recipientMaxChars', form), number: Form.useWatch('serialMaxChars', form) };
  const total = csv?.totalRecipient ?? 0;
  // For attendees, PUBLISH waits until someone is there to receive it (the count the form shows).
  const recipientType = Form.useWatch('recipientType', form);
  const eventId = Form.useWatch('eventId', form);
  const attendees = useAttendeesCount(recipientType === 'attendees' ? eventId : undefined, id);
  const nobodyToSend = recipientType === 'attendees' && attendees.data?.toSend === 0;
  const looks: CanvasLooks = {
    recipientName: { label: T.recipientLabel, text: certificateText(CERT_DEFAULTS.sampleName, chars.name ?? 0), family: fontFamilyOf(font), size: sizes.name ?? 0, color: color ?? CERT_DEFAULTS.color },
    serialNumber: { label: T.numberLabel, text: certificateText(serialNumber(prefix.trim(), 1, Math.max(total, 1)), chars.number ?? 0), family: fontFamilyOf(font), size: sizes.number ?? 0, color: color ?? CERT_DEFAULTS.color },
  };

  const onCsv = (next: CsvFile) => {
    setCsv(next);
    // Keep a chosen column the new file still has; else offer the plainly named one.
    for (const [field, kind] of [[COLUMN_FIELDS[0], 'name'], [COLUMN_FIELDS[1], 'email']] as const) {
      const current = form.getFieldValue(field);
      if (!current || !next.columns.includes(current)) form.setFieldValue(field, guessColumn(next.columns, kind));
    }
  };

  const onTemplate = (next: TemplateImage) => {
    if (next.size) setBoxes((b) => (b && template?.size ? rescaleBoxes(b, template.size, next.size!) : defaultBoxes(next.size!)));
    setTemplate(next);
  };

  // A stored template's size is known once the canvas has loaded it.
  const onImageSize = (size: Size) => {
    setTemplate((t) => (t && !t.size ? { ...t, size } : t));
    setBoxes((b) => {
      if (!b) return defaultBoxes(size);
      const next = { recipientName: clampBox(b.recipientName, size), serialNumber: clampBox(b.serialNumber, size) };
      return sameBoxes(b, next) ? b : next;
    });
  };

  const onBox = (key: TemplateObjectKey, box: Box) => setBoxes((b) => (b ? { ...b, [key]: box } : b));

  const payload = (isDraft: boolean) => toPayload(form.getFieldsValue(true), { csv, template, boxes }, isDraft);

  /** Shows the fields' messages; true when they all pass. */
  const validate = async (fields?: readonly (keyof CertFormValues)[]) => {
    try {
      await form.validateFields(fields ? [...fields] : undefined);
      return true;
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name);
      return false;
    }
  };

  const onDraft = async () => {
    const body = payload(true);
    const missing = certificateMissing(body);
    if (missing) return void message.error(missing);
    // A draft stores the styles and, once a CSV is in, its columns; the rest may wait.
    if (await validate(body.recipientCsv ? [...STYLE_FIELDS, ...COLUMN_FIELDS] : STYLE_FIELDS)) await save(body);
  };

  const onPublish = async () => {
    // Nothing of a published certificate changes: only who receives it grows.
    if (republishable) return setConfirming(true);
    const missing = certificateMissing(payload(false));
    const valid = await validate();
    if (missing) message.error(missing);
    if (!missing && valid) setConfirming(true);
  };

  const onPreview = async () => {
    const body = payload(true);
    const missing = previewMissing(body);
    if (missing) return void message.error(missing);
    if (!(await validate(STYLE_FIELDS))) return;
    const { eventId, templateBackgroundUrl, serialNumberPrefix, templateObjects } = body;
    await preview.preview({ eventId, recipientName: CERT_DEFAULTS.sampleName, templateBackgroundUrl, serialNumberPrefix, templateObjects });
  };

  const readOnly = published || busy;
  return (
    <>
      {published && <Alert type="info" showIcon title={republishable ? CERT_ATTENDEES_MSG.republishNote : CERT_OWN_MSG.notDrafted} className="cert-note" />}
      {/* Form's `disabled` does not reach fields that set their own (CSV button, column selects), so each part is told too. */}
      <Form form={form} layout="vertical" initialValues={initial.values} disabled={readOnly} requiredMark className="cert-form">
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={10}>
            <Card className="cert-card">
              <RecipientFields csv={csv} onCsv={onCsv} initialEvent={initialEvent} certificateId={id} disabled={readOnly} />
              <StyleFields total={total} disabled={readOnly} />
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card className="cert-card">
              <TemplatePanel
                template={template} onTemplate={onTemplate} boxes={boxes} onBox={onBox} onImageSize={onImageSize}
                looks={looks} disabled={readOnly} previewBusy={preview.busy} onPreview={onPreview}
              />
            </Card>
          </Col>
        </Row>
      </Form>
      <div className="cert-actions">
        <Button onClick={() => navigate('/certificate')} disabled={saving !== null}>{T.discard}</Button>
        <span className="cert-actions-gap" />
        {!published && (
          <Button onClick={onDraft} loading={saving === 'draft'} disabled={busy && saving !== 'draft'}>{T.saveDraft}</Button>
        )}
        <Button type="primary" onClick={onPublish} loading={saving === 'publish'} disabled={(published && !republishable) || nobodyToSend || (busy && saving !== 'publish')}>{T.publish}</Button>
      </div>
      <PublishConfirm
        open={confirming} onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void (republishable ? republish() : save(payload(false)));
        }}
      />
      <PreviewResult image={preview.image} onClose={preview.close} />
    </>
  );
}
