import { Alert, Button, Form } from 'antd';
import { Link, useParams } from 'react-router';
import { RESET_TEXT } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { useResetPassword } from './api/account';
import { AccountCard } from './components/AccountCard';
import { PasswordFields } from './components/PasswordFields';

/** /reset-password/:token (from the mail): a new password, then to /login. A refused link shows the API's message. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useResetPassword();
  return (
    <AccountCard title={RESET_TEXT.resetTitle} subtitle={reset.isSuccess ? undefined : RESET_TEXT.resetSubtitle}>
      {reset.isSuccess ? (
        <>
          <Alert className="account-alert" type="success" showIcon role="status" title={RESET_TEXT.done} />
          <Link to="/login">{RESET_TEXT.toLogin}</Link>
        </>
      ) : (
        <Form layout="vertical" requiredMark={false} disabled={reset.isPending} onFinish={({ password }: { password: string }) => reset.mutate({ token, password })}>
          {reset.isError && <Alert className="account-alert" type="error" showIcon title={errorText(reset.error)} />}
          <PasswordFields label={RESET_TEXT.newPassword} confirmLabel={RESET_TEXT.confirmPassword} />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>{RESET_TEXT.save}</Button>
          <p><Link to="/login">{RESET_TEXT.backToLogin}</Link></p>
        </Form>
      )}
    </AccountCard>
  );
}
