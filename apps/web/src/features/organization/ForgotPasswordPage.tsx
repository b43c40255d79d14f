import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { EVENT_MSG, MSG, ORG_MSG, RESET_TEXT } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { useForgotPassword } from './api/account';
import { AccountCard } from './components/AccountCard';

/** /forgot-password: asks for a reset link; the answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  return (
    <AccountCard title={RESET_TEXT.forgotTitle} subtitle={forgot.isSuccess ? undefined : RESET_TEXT.forgotSubtitle}>
      {forgot.isSuccess ? (
        <Alert className="account-alert" type="success" showIcon role="status" title={ORG_MSG.resetLinkSent} />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={({ email }: { email: string }) => forgot.mutate(email.trim())} disabled={forgot.isPending}>
          {forgot.isError && <Alert className="account-alert" type="error" showIcon title={errorText(forgot.error)} />}
          <Form.Item name="email" label="Email" rules={[{ required: true, message: MSG.emailRequired }, { type: 'email', message: EVENT_MSG.emailInvalid }]}>
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>{RESET_TEXT.send}</Button>
        </Form>
      )}
      <p><Link to="/login">{RESET_TEXT.backToLogin}</Link></p>
    </AccountCard>
  );
}
