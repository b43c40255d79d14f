import { loginFormSchema, type LoginForm } from '@eo/contract';

/**
 * Loaded lazily by login-rules.ts (zod is not part of /login's first load): the message of
 * the contract's `loginFormSchema` for one field, as `zodRule` gives it to antd forms.
 */
export function loginFieldError(field: keyof LoginForm, value: string | undefined): string | undefined {
  const result = loginFormSchema.shape[field].safeParse(value ?? '');
  return result.success ? undefined : (result.error.issues[0]?.message ?? '');
}
