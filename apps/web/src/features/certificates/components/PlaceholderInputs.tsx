import { InputNumber, Typography } from 'antd';
import { TEMPLATE_OBJECT_KEYS, type TemplateObjectKey, CERT_TEXT as T } from '@eo/contract';
import { clampBox, MIN_BOX, type Box, type Boxes, type Size } from '../placeholder-geometry';

type Field = keyof Box;
const FIELDS: Field[] = ['x', 'y', 'width', 'height'];
export const PLACEHOLDER_LABEL: Record<TemplateObjectKey, string> = { recipientName: T.recipientLabel, serialNumber: T.numberLabel };

/** Each field's range, so antd stops a value at the image's edge. */
function range(field: Field, b: Box, image: Size): [number, number] {
  if (field === 'x') return [0, image.width - b.width];
  if (field === 'y') return [0, image.height - b.height];
  if (field === 'width') return [MIN_BOX, image.width - b.x];
  return [MIN_BOX, image.height - b.y];
}

interface Props {
  boxes: Boxes;
  size: Size;
  disabled?: boolean;
  onBox: (key: TemplateObjectKey, box: Box) => void;
}

/** The placeholders as numbers (template pixels): the keyboard's way to place them precisely. */
export function PlaceholderInputs({ boxes, size, disabled, onBox }: Props) {
  return (
    <div className="cert-coords">
      {TEMPLATE_OBJECT_KEYS.map((key) => (
        <fieldset key={key} className="cert-coords-row">
          <legend><Typography.Text strong>{PLACEHOLDER_LABEL[key]}</Typography.Text></legend>
          {FIELDS.map((field) => {
            const [min, max] = range(field, boxes[key], size);
            return (
              <label key={field} className="cert-coord">
                <span aria-hidden>{T.coords[field]}</span>
                <InputNumber
                  size="small" min={min} max={max} precision={0} value={boxes[key][field]} disabled={disabled}
                  aria-label={`${PLACEHOLDER_LABEL[key]} ${T.coordNames[field]}`}
                  onChange={(v) => typeof v === 'number' && onBox(key, clampBox({ ...boxes[key], [field]: v }, size))}
                />
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
