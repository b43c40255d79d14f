import type { LoginForm } from '@eo/contract';

/**
 * The login form runs the contract's `loginFormSchema` (zod) on each field, but zod and the
 * schemas are not part of /login's first load (docs/performance.md): they are fetched on first
 * use, or earlier by `preloadLoginRules()` once the page has rendered.
 */
const load = () => import('./login-schema');

export const preloadLoginRules = () => void load();

/** The field's message, or undefined when the value is valid. */
export const loginFieldError = async (field: keyof LoginForm, value: string | undefined) =>
  (await load()).loginFieldError(field, value);
