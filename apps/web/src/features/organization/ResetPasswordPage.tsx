import { Alert, Button, Form, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { ORG_MSG, RESET_TEXT } from '@eo/contract';
import { ApiError, errorText } from '../../lib/api-client';
import { useResetLink, useResetPassword } from './api/account';
import { AccountCard } from './components/AccountCard';
import { PasswordFields } from './components/PasswordFields';

/** A used or expired link (410), said plainly; any other refusal, the API's text. */
const refusalText = (err: unknown) => (err instanceof ApiError && err.status === 410 ? ORG_MSG.resetExpired : errorText(err));

/**
 * /reset-password/:token (from the mail): the link is checked first, so a used or expired one
 * says so (with the way to a new one) before anything is typed; then a new password, then to /login.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = useResetLink(token);
  const reset = useResetPassword();
  if (link.isPending) return <AccountCard title={RESET_TEXT.resetTitle}><Spin /></AccountCard>;
  if (link.isError) {
    return (
      <AccountCard title={RESET_TEXT.resetTitle}>
        <Alert className="account-alert" type="error" showIcon role="alert" title={refusalText(link.error)} />
        <p><Link to="/forgot-password">{RESET_TEXT.requestNewLink}</Link></p>
        <p><Link to="/login">{RESET_TEXT.backToLogin}</Link></p>
      </AccountCard>
    );
  }
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
