import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnType } from 'antd';
import { fill, mayManageRole, MEMBERS_TEXT as T, ORG_ROLE_LABEL, type Invitation, type OrgRole } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';

interface Props {
  invitations: Invitation[];
  actor: OrgRole | undefined;
  onResend: (id: string) => void;
  onRevoke: (id: string) => void;
}

/** Invitations not yet accepted: a new link (resend) or none (revoke). */
export function InvitationsTable({ invitations, actor, onResend, onRevoke }: Props) {
  const columns: TableColumnType<Invitation>[] = [
    { key: 'email', title: T.email, dataIndex: 'email', render: (email: string) => <span className="org-cell-wrap">{email}</span> },
    { key: 'role', title: T.role, dataIndex: 'role', render: (role: OrgRole) => ORG_ROLE_LABEL[role] },
    { key: 'expiresAt', title: T.expiresAt, dataIndex: 'expiresAt', render: (iso: string) => formatDateTime(iso) },
    {
      key: 'actions', title: T.actions,
      render: (_: unknown, inv) => mayManageRole(actor, inv.role) && (
        <Space wrap>
          <Button size="small" onClick={() => onResend(inv.id)}>{T.resend}</Button>
          <Popconfirm title={fill(T.revokeConfirm, { email: inv.email })} okText={T.yes} cancelText={T.no} onConfirm={() => onRevoke(inv.id)}>
            <Button size="small" danger>{T.revoke}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <ResponsiveTable<Invitation>
      aria-label={T.invitationsTitle} rowKey="id" columns={columns} dataSource={invitations} pagination={false}
      scroll={{ x: 'max-content' }} locale={{ emptyText: T.noInvitations }}
    />
  );
}
