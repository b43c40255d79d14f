import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { MSG, PASSWORD_MIN, PASSWORD_TEXT } from '@eo/contract';

/** The sign-in rule for a new password: required, at least 8 characters. */
export const NEW_PASSWORD_RULES: Rule[] = [
  { required: true, message: MSG.passwordRequired },
  { min: PASSWORD_MIN, message: MSG.passwordMin },
];

/** A new password and its confirmation (named `password` and `confirm` in the form). */
export function PasswordFields({ label, confirmLabel, name = 'password' }: { label: string; confirmLabel: string; name?: string }) {
  return (
    <>
      <Form.Item name={name} label={label} rules={NEW_PASSWORD_RULES}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirmLabel}
        dependencies={[name]}
        rules={[
          { required: true, message: MSG.passwordRequired },
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_TEXT.mismatch))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
