import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fill, MEMBERS_TEXT as T, type OrgRole } from '@eo/contract';
import { errorText } from '../../lib/api-client';
import { getRoles, getUser } from '../../lib/session-store';
import { useActiveMembership } from '../../lib/use-active-organization';
import { useMemberActions, useMembers } from './api/members';
import { InvitationsTable } from './components/InvitationsTable';
import { InviteForm } from './components/InviteForm';
import { MembersTable } from './components/MembersTable';
import './account.css';

/** /organization/members: members and their roles, invitations, and leaving the organization. */
export function MembersPage() {
  const active = useActiveMembership();
  if (!active) return null;
  return <Members organizationId={active.id} organizationName={active.name} role={active.role} />;
}

function Members({ organizationId, organizationName, role }: { organizationId: string; organizationName: string; role: OrgRole }) {
  // A globalAdmin manages as an owner would.
  const actor: OrgRole = getRoles().includes('globalAdmin') ? 'owner' : role;
  const me = getUser()?.profile.userId;
  const list = useMembers(organizationId);
  const actions = useMemberActions(organizationId);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string>();

  /** Runs a change; its refusal (LAST_OWNER, …) is shown above the list, its success as a toast. */
  const run = async <V,>(mutation: { mutateAsync: (v: V) => Promise<unknown> }, value: V, done?: string) => {
    setRefusal(undefined);
    try {
      await mutation.mutateAsync(value);
      if (done) void message.success(done);
    } catch (err) {
      setRefusal(errorText(err));
      throw err;
    }
  };
  const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

  const leave = () => quietly(run(actions.leave, undefined, T.left).then(() => {
    // Another membership becomes the active one when the layout reads them again.
    queryClient.removeQueries();
    navigate('/');
  }));

  return (
    <div className="org-page">
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.subtitle}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} closable onClose={() => setRefusal(undefined)} />}
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Card title={T.inviteTitle} className="org-page-section">
        <InviteForm actor={actor} busy={actions.invite.isPending} invite={(v) => run(actions.invite, v)} />
      </Card>
      <Card className="org-page-section">
        <MembersTable
          members={list.data?.docs ?? []} loading={list.isPending} actor={actor} me={me}
          onRole={(userId, next) => quietly(run(actions.changeRole, { userId, role: next }, T.roleChanged))}
          onRemove={(userId) => quietly(run(actions.remove, userId, T.removed))}
        />
      </Card>
      <Card title={T.invitationsTitle} className="org-page-section">
        <InvitationsTable
          invitations={list.data?.invitations ?? []} actor={actor}
          onResend={(id) => quietly(run(actions.resend, id, T.resent))}
          onRevoke={(id) => quietly(run(actions.revoke, id, T.revoked))}
        />
      </Card>
      <div className="org-page-section">
        <Popconfirm title={fill(T.leaveConfirm, { name: organizationName })} okText={T.yes} cancelText={T.no} onConfirm={leave}>
          <Button danger icon={<LogoutOutlined />} loading={actions.leave.isPending}>{T.leave}</Button>
        </Popconfirm>
      </div>
    </div>
  );
}
