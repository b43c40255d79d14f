import { Form, Input, InputNumber, Select, Space } from 'antd';
import { CERT_COLORS, CERT_FONTS, CERT_MSG, colorHasShadow, serialNumber, CERT_TEXT as T } from '@eo/contract';
import { fontFamilyOf } from '../cert-fonts';

const required = (message: string) => [{ required: true, message }];
// Contract bounds of textStyle (size 1..1000 px, charLength 1..500).
const SIZE = { min: 1, max: 1000 };
const CHARS = { min: 1, max: 500 };

/** The fields templateObjects needs: checked for drafts and previews too, not only for publishing. */
export const STYLE_FIELDS = ['font', 'serialSize', 'recipientSize', 'color', 'serialMaxChars', 'recipientMaxChars'] as const;

const fontOptions = CERT_FONTS.map((f) => ({
  value: f.value,
  label: <span className={f.cssClass} style={{ fontFamily: fontFamilyOf(f.value) }}>{f.label}</span>,
  title: f.label,
}));

const colorOptions = CERT_COLORS.map((c) => ({
  value: c.hex,
  title: c.name,
  label: (
    <span className="cert-color">
      <span className="cert-swatch" style={{ background: `#${c.hex}` }} aria-hidden />
      <span className={colorHasShadow(c.hex) ? 'cert-color-name cert-color-shadow' : 'cert-color-name'} style={{ color: `#${c.hex}` }}>{c.name}</span>
    </span>
  ),
}));

/** A required whole number within the contract's bounds (the four size and length fields). */
function WholeNumber({ name, label, id, message, bounds, disabled }: {
  name: (typeof STYLE_FIELDS)[number]; label: string; id: string; message: string; bounds: { min: number; max: number }; disabled?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} htmlFor={id} rules={required(message)} required>
      <InputNumber id={id} {...bounds} precision={0} disabled={disabled} className="cert-number" />
    </Form.Item>
  );
}

/** Left column, second half: the number's custom text and the typography of both placeholders. */
export function StyleFields({ total, disabled }: { total: number; disabled?: boolean }) {
  const prefix = Form.useWatch<string | undefined>('serialNumberPrefix') ?? '';
  const count = Math.max(total, 2);
  return (
    <>
      <Form.Item
        label={T.number} htmlFor="cert-prefix" required
        extra={T.numberSample(serialNumber(prefix.trim(), 1, count), serialNumber(prefix.trim(), 2, count))}
      >
        {/* The custom text, then the sequence the system appends (001, 002, …). */}
        <Space.Compact block>
          <Form.Item name="serialNumberPrefix" noStyle rules={required(CERT_MSG.generatedNumber)}>
            <Input id="cert-prefix" maxLength={100} disabled={disabled} />
          </Form.Item>
          <Space.Addon title={T.numberSequence}>-{serialNumber('', 1, count).slice(1)}</Space.Addon>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="font" label={T.font} htmlFor="cert-font" rules={required(CERT_MSG.fontStyle)} required>
        <Select id="cert-font" options={fontOptions} disabled={disabled} optionLabelProp="label" />
      </Form.Item>
      <div className="cert-pair">
        <WholeNumber name="serialSize" label={T.serialSize} id="cert-serial-size" message={CERT_MSG.fontSizeSerial} bounds={SIZE} disabled={disabled} />
        <WholeNumber name="recipientSize" label={T.recipientSize} id="cert-recipient-size" message={CERT_MSG.fontSizeRecipient} bounds={SIZE} disabled={disabled} />
      </div>
      <Form.Item name="color" label={T.color} htmlFor="cert-color" rules={required(CERT_MSG.fontColor)} required>
        <Select id="cert-color" options={colorOptions} disabled={disabled} />
      </Form.Item>
      <div className="cert-pair">
        <WholeNumber name="serialMaxChars" label={T.serialMaxChars} id="cert-serial-max" message={CERT_MSG.maxLengthSerial} bounds={CHARS} disabled={disabled} />
        <WholeNumber name="recipientMaxChars" label={T.recipientMaxChars} id="cert-recipient-max" message={CERT_MSG.maxLengthRecipient} bounds={CHARS} disabled={disabled} />
      </div>
    </>
  );
}
