import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, theme } from 'antd';
// The two inputs by path: `Input` from 'antd' also brings Search, TextArea, OTP and Group.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG, type LoginForm, AUTH_TEXT } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { loginFieldError, preloadLoginRules } from './login-rules';
import { safeRedirect } from '../../lib/safe-redirect';
import { useLogin } from './api/login';
import './login.css';

const LoginToast = lazy(async () => ({ default: (await import('./LoginToast')).LoginToast }));

type Field = keyof LoginForm;
const FIELDS: Field[] = ['email', 'password'];

/**
 * /login has a first-load budget (docs/performance.md), so this page uses only antd's Input and
 * Button (the error toast loads on the first error): no Form, Typography, Card or App. It
 * behaves as the antd form it replaces: each field is checked on blur and on submit with the
 * contract's `loginFormSchema` (loaded after the first render), the first message of a field is
 * shown under it, and the form is disabled while signing in.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [toast, setToast] = useState<{ text: string; n: number }>();
  // The base text style that antd's App gives the dashboard.
  const { token } = theme.useToken();
  const mutation = useLogin();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(preloadLoginRules, []);

  const check = async (field: Field, value: string) => {
    const error = await loginFieldError(field, value);
    setErrors((prev) => ({ ...prev, [field]: error }));
    return error;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = await Promise.all(FIELDS.map((f) => check(f, values[f])));
    if (found.some((e) => e !== undefined)) return;
    mutation.mutate(values, {
      onSuccess: () => navigate(safeRedirect(params.get('from')), { replace: true }),
      onError: (err) => setToast((prev) => ({ text: errorText(err) || MSG.somethingWentWrong, n: (prev?.n ?? 0) + 1 })),
    });
  };

  const field = (name: Field, label: string, input: (props: FieldInputProps) => ReactNode) => (
    <div className={`login-field${errors[name] !== undefined ? ' login-field-error' : ''}`}>
      <label htmlFor={name} title={label} className="login-label">{label}</label>
      {input({
        id: name,
        value: values[name],
        status: errors[name] !== undefined ? 'error' : undefined,
        disabled: mutation.isPending,
        'aria-invalid': errors[name] !== undefined ? true : undefined,
        'aria-describedby': errors[name] !== undefined ? `${name}_help` : undefined,
        onChange: (e) => setValues((prev) => ({ ...prev, [name]: e.target.value })),
        onBlur: (e) => void check(name, e.target.value),
      })}
      {errors[name] !== undefined && <div id={`${name}_help`} role="alert" className="login-error">{errors[name]}</div>}
    </div>
  );

  return (
    <div className="login-page" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {toast && <Suspense fallback={null}><LoginToast text={toast.text} n={toast.n} /></Suspense>}
      <main className="login-main">
        <div className="login-card">
          <div className="login-brand" aria-hidden>EO</div>
          <h1 className="login-title">{AUTH_TEXT.title}</h1>
          <p className="login-subtitle">{AUTH_TEXT.subtitle}</p>
          <form noValidate onSubmit={onSubmit}>
            {field('email', AUTH_TEXT.email, (p) => (
              <Input {...p} prefix={<MailOutlined />} placeholder={AUTH_TEXT.emailPlaceholder} autoComplete="username" type="email" size="large" />
            ))}
            {field('password', AUTH_TEXT.password, (p) => (
              <Password {...p} prefix={<LockOutlined />} placeholder={AUTH_TEXT.passwordPlaceholder} autoComplete="current-password" size="large" />
            ))}
            <p className="login-forgot"><Link to="/forgot-password">{AUTH_TEXT.forgotPassword}</Link></p>
            <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending} disabled={mutation.isPending}>
              {AUTH_TEXT.submit}
            </Button>
          </form>
        </div>
      </main>
      <footer className="login-footer">{AUTH_TEXT.copyright(new Date().getFullYear())}</footer>
    </div>
  );
}

interface FieldInputProps {
  id: string;
  value: string;
  status: 'error' | undefined;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur: (e: React.FocusEvent<HTMLInputElement>) => void;
}
