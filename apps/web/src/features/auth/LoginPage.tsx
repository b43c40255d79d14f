import { Button, Card, Form, Input, Typography, App as AntApp } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, MSG, type LoginForm } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { zodRule } from '../../lib/zod-rule';
import { safeRedirect } from './safe-redirect';
import { useLogin } from './api/login';
import { AUTH_TEXT } from './texts';
import './login.css';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = AntApp.useApp();
  const mutation = useLogin();

  const onFinish = (values: LoginForm) => {
    mutation.mutate(values, {
      onSuccess: () => navigate(safeRedirect(params.get('from')), { replace: true }),
      onError: (err) => message.error(errorText(err) || MSG.somethingWentWrong),
    });
  };

  return (
    <div className="login-page">
      <main className="login-main">
        <Card className="login-card" variant="borderless">
          <div className="login-brand" aria-hidden>EO</div>
          <Typography.Title level={1} className="login-title">{AUTH_TEXT.title}</Typography.Title>
          <Typography.Paragraph type="secondary" className="login-subtitle">{AUTH_TEXT.subtitle}</Typography.Paragraph>
          <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={mutation.isPending} validateTrigger={['onSubmit', 'onBlur']}>
            <Form.Item label={AUTH_TEXT.email} name="email" rules={[zodRule(loginFormSchema, 'email')]}>
              <Input prefix={<MailOutlined />} placeholder={AUTH_TEXT.emailPlaceholder} autoComplete="username" type="email" size="large" />
            </Form.Item>
            <Form.Item label={AUTH_TEXT.password} name="password" rules={[zodRule(loginFormSchema, 'password')]}>
              <Input.Password prefix={<LockOutlined />} placeholder={AUTH_TEXT.passwordPlaceholder} autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
              {AUTH_TEXT.submit}
            </Button>
          </Form>
        </Card>
      </main>
      <footer className="login-footer">{AUTH_TEXT.copyright(new Date().getFullYear())}</footer>
    </div>
  );
}
