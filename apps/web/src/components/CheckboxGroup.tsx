import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

/**
 * antd's Checkbox.Group inside a Form.Item: the item hands its control `aria-required`, which
 * ARIA does not allow on role="group" (axe `aria-allowed-attr`, critical). This group drops
 * it; the required mark stays on the visible label.
 */
export function CheckboxGroup<T = string>({ 'aria-required': _required, ...props }: CheckboxGroupProps<T> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<T> {...props} />;
}
