import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { fill, INVITE_TEXT, ORG_MSG, ORG_ROLE_LABEL } from '@eo/contract';
import { ApiError, errorText } from '../../lib/api-client';
import { setActiveOrganization } from '../../lib/organization-store';
import { currentSessionState, getUser } from '../../lib/session-store';
import { signIn } from '../../lib/sign-in';
import { acceptAsNewPerson, acceptAsSignedIn, useInvitation } from './api/account';
import { AccountCard } from './components/AccountCard';
import { PasswordFields } from './components/PasswordFields';

/** The refusal of a used or expired link (410), said plainly; any other, the API's text. */
const refusalText = (err: unknown) => (err instanceof ApiError && err.status === 410 ? ORG_MSG.invitationExpired : errorText(err));

/**
 * /invite/:token (public, from the invitation mail): whose invitation and which role, then one
 * of three ways in: a signed-in user accepts as themselves; a known email signs in first and
 * comes back; a new person creates the account with a name and password.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const signedIn = currentSessionState() !== 'login';

  if (invitation.isPending) return <AccountCard title={INVITE_TEXT.title}><Spin /></AccountCard>;
  if (invitation.isError) {
    return (
      <AccountCard title={INVITE_TEXT.title}>
        <Alert className="account-alert" type="error" showIcon role="alert" title={refusalText(invitation.error)} />
        <Link to={signedIn ? '/' : '/login'}>{signedIn ? INVITE_TEXT.toDashboard : INVITE_TEXT.toLogin}</Link>
      </AccountCard>
    );
  }
  const inv = invitation.data;
  const intro = fill(INVITE_TEXT.intro, { organization: inv.organizationName, role: ORG_ROLE_LABEL[inv.role] });
  return (
    <AccountCard title={INVITE_TEXT.title} subtitle={intro}>
      <Typography.Paragraph strong>{fill(INVITE_TEXT.forEmail, { email: inv.email })}</Typography.Paragraph>
      {signedIn ? <AcceptSignedIn token={token} />
        : inv.hasAccount ? <Link to={`/login?from=${encodeURIComponent(`/invite/${token}`)}`}><Button type="primary" block>{INVITE_TEXT.loginToAccept}</Button></Link>
          : <AcceptNewPerson token={token} email={inv.email} />}
    </AccountCard>
  );
}

/** Accepts with the user's token, acts within the organization joined and opens the dashboard. */
function AcceptSignedIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptAsSignedIn(token),
    onSuccess: ({ data }) => {
      setActiveOrganization(getUser()?.profile.userId, data.result.id);
      // The memberships (now with this one) and every screen are read again.
      queryClient.removeQueries();
      navigate('/');
    },
  });
  return (
    <>
      {accept.isError && <Alert className="account-alert" type="error" showIcon title={refusalText(accept.error)} />}
      <Button type="primary" block loading={accept.isPending} onClick={() => accept.mutate()}>{INVITE_TEXT.accept}</Button>
    </>
  );
}

/**
 * A new person: name and password create the account, and they are signed in with them, within
 * the organization joined. Should signing in fail after the account was made, they are told to
 * sign in themselves.
 */
function AcceptNewPerson({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: async (v: { name: string; password: string }) => {
      const joined = (await acceptAsNewPerson(token, v)).data.result;
      const session = await signIn({ email, password: v.password }).catch(() => null);
      return { joined, signedIn: session !== null };
    },
    onSuccess: ({ joined, signedIn }) => {
      if (!signedIn) return;
      setActiveOrganization(getUser()?.profile.userId, joined.id);
      queryClient.removeQueries();
      navigate('/');
    },
  });
  if (accept.isSuccess && !accept.data.signedIn) {
    return (
      <>
        <Alert className="account-alert" type="success" showIcon role="status" title={fill(INVITE_TEXT.accepted, { email })} />
        <Link to="/login"><Button type="primary" block>{INVITE_TEXT.toLogin}</Button></Link>
      </>
    );
  }
  return (
    <Form layout="vertical" requiredMark={false} disabled={accept.isPending}
      onFinish={({ name, password }: { name: string; password: string }) => accept.mutate({ name: name.trim(), password })}>
      <Typography.Paragraph>{INVITE_TEXT.createAccount}</Typography.Paragraph>
      {accept.isError && <Alert className="account-alert" type="error" showIcon title={refusalText(accept.error)} />}
      <Form.Item name="name" label={INVITE_TEXT.name} rules={[{ required: true, whitespace: true, message: INVITE_TEXT.nameRequired }, { max: 100 }]}>
        <Input autoComplete="name" />
      </Form.Item>
      <PasswordFields label={INVITE_TEXT.password} confirmLabel={INVITE_TEXT.confirmPassword} />
      <Button type="primary" htmlType="submit" block loading={accept.isPending}>{INVITE_TEXT.acceptAndCreate}</Button>
    </Form>
  );
}
