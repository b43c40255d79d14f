import {
  CERT_ATTENDEES_MSG, CERT_DEFAULTS, CERT_FONT_VALUES, CERT_RULES_MSG, TEMPLATE_OBJECT_KEYS,
  type CertFont, type CertRecipientType, type Certificate, type CertificatePayload, type CertificateRules, type RecipientCsv, type TemplateObject,
} from '@eo/contract';
import { boxesOf, defaultBoxes, toPlaceholder, type Boxes, type Size } from './placeholder-geometry';

/** The antd Form's fields (spec section 5, Certificate form). */
export interface CertFormValues {
  eventId?: string;
  recipientType?: CertRecipientType;
  recipientNameColumn?: string;
  recipientEmailColumn?: string;
  serialNumberPrefix?: string;
  font?: CertFont;
  serialSize?: number | null;
  recipientSize?: number | null;
  color?: string;
  serialMaxChars?: number | null;
  recipientMaxChars?: number | null;
  /** Rules of a certificate for those who meet them; the share is asked in percent (1–100). */
  minSessions?: number | null;
  minSessionPercent?: number | null;
  evaluationRequired?: boolean;
}

/** The rules the form's fields give, as the contract has them (the percentage as a fraction); null when none is set. */
export function rulesOf(v: Pick<CertFormValues, 'minSessions' | 'minSessionPercent' | 'evaluationRequired'>): CertificateRules | null {
  const rules: CertificateRules = {};
  if (typeof v.minSessions === 'number') rules.minSessions = v.minSessions;
  if (typeof v.minSessionPercent === 'number') rules.minSessionShare = v.minSessionPercent / 100;
  if (v.evaluationRequired) rules.evaluationRequired = true;
  return Object.keys(rules).length ? rules : null;
}

/** An uploaded CSV as the form knows it; the chosen columns live in the Form. */
export type CsvFile = Pick<RecipientCsv, 'fileUrl' | 'fileName' | 'columns' | 'totalRecipient'>;
export interface TemplateImage { url: string; size: Size | null }

/** Everything beside the Form's fields: files and boxes. */
export interface CertExtras {
  csv: CsvFile | null;
  template: TemplateImage | null;
  boxes: Boxes | null;
}

export const defaultValues = (): CertFormValues => ({
  serialNumberPrefix: CERT_DEFAULTS.prefix,
  font: CERT_DEFAULTS.font,
  serialSize: CERT_DEFAULTS.serialSize,
  recipientSize: CERT_DEFAULTS.recipientSize,
  color: CERT_DEFAULTS.color,
  serialMaxChars: CERT_DEFAULTS.serialMaxChars,
  recipientMaxChars: CERT_DEFAULTS.recipientMaxChars,
});

/** The group the list shows: the CSV's file name without `.csv`, the attendees, or those meeting the rules. */
export const groupNameOf = (csv: CsvFile | null, type?: CertRecipientType) =>
  type === 'attendees' ? CERT_ATTENDEES_MSG.groupName : type === 'eligible' ? CERT_RULES_MSG.groupName : csv ? csv.fileName.replace(/\.csv$/i, '').trim() || null : null;

const NOMINAL: Size = { width: 2000, height: 1414 };

export function toPayload(v: CertFormValues, x: CertExtras, isDraft: boolean): CertificatePayload {
  const boxes = x.boxes ?? defaultBoxes(x.template?.size ?? NOMINAL);
  const style = (key: TemplateObject['key']) => ({
    font: v.font as CertFont,
    size: Number((key === 'recipientName' ? v.recipientSize : v.serialSize) ?? 0),
    color: (v.color ?? '').toUpperCase(),
    charLength: Number((key === 'recipientName' ? v.recipientMaxChars : v.serialMaxChars) ?? 0),
  });
  return {
    isDraft,
    eventId: v.eventId || null,
    recipientType: v.recipientType ?? null,
    recipientCsv: x.csv && v.recipientType === 'csv'
      ? { ...x.csv, recipientNameColumn: v.recipientNameColumn ?? '', recipientEmailColumn: v.recipientEmailColumn ?? '' }
      : null,
    templateBackgroundUrl: x.template?.url ?? null,
    serialNumberPrefix: v.serialNumberPrefix?.trim() || null,
    groupName: groupNameOf(x.csv, v.recipientType),
    rules: v.recipientType === 'eligible' ? rulesOf(v) : null,
    templateObjects: TEMPLATE_OBJECT_KEYS.map((key) => ({
      key,
      placeholder: toPlaceholder(boxes[key]),
      anchor: { horizontal: 'middle', vertical: 'middle' },
      textStyle: style(key),
      type: 'text',
    })),
  };
}

/** A stored certificate back into the form. */
export function fromCertificate(c: Certificate): { values: CertFormValues; extras: CertExtras } {
  const name = c.templateObjects.find((o) => o.key === 'recipientName')?.textStyle;
  const number = c.templateObjects.find((o) => o.key === 'serialNumber')?.textStyle;
  const d = defaultValues();
  const font = name?.font && CERT_FONT_VALUES.includes(name.font) ? name.font : d.font;
  return {
    values: {
      eventId: c.event?.id,
      recipientType: c.recipientType ?? undefined,
      recipientNameColumn: c.recipientCsv?.recipientNameColumn || undefined,
      recipientEmailColumn: c.recipientCsv?.recipientEmailColumn || undefined,
      serialNumberPrefix: c.serialNumberPrefix ?? '',
      font,
      serialSize: number?.size ?? d.serialSize,
      recipientSize: name?.size ?? d.recipientSize,
      color: (name?.color ?? d.color)!.toUpperCase(),
      serialMaxChars: number?.charLength ?? d.serialMaxChars,
      recipientMaxChars: name?.charLength ?? d.recipientMaxChars,
      minSessions: c.rules?.minSessions ?? null,
      // 0.6 → 60 (rounded: a fraction stored from a whole percentage comes back whole).
      minSessionPercent: c.rules?.minSessionShare !== undefined ? Math.round(c.rules.minSessionShare * 100) : null,
      evaluationRequired: c.rules?.evaluationRequired ?? false,
    },
    extras: {
      csv: c.recipientCsv
        ? { fileUrl: c.recipientCsv.fileUrl, fileName: c.recipientCsv.fileName, columns: c.recipientCsv.columns, totalRecipient: c.recipientCsv.totalRecipient }
        : null,
      template: c.templateBackgroundUrl ? { url: c.templateBackgroundUrl, size: null } : null,
      boxes: boxesOf(c.templateObjects),
    },
  };
}
