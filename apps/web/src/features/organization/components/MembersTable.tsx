import { Button, Popconfirm, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { fill, mayManageRole, MEMBERS_TEXT as T, ORG_ROLE_LABEL, type Member, type OrgRole } from '@eo/contract';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/dates';
import { RoleSelect } from './RoleSelect';

interface Props {
  members: Member[];
  loading: boolean;
  actor: OrgRole | undefined;
  /** The signed-in user (never changed or removed here: they leave instead). */
  me: string | undefined;
  onRole: (userId: string, role: OrgRole) => void;
  onRemove: (userId: string) => void;
}

/** The members with their roles; a role the actor may manage can be changed or removed (cards on phones). */
export function MembersTable({ members, loading, actor, me, onRole, onRemove }: Props) {
  const manages = (m: Member) => m.userId !== me && mayManageRole(actor, m.role);
  const columns: TableColumnType<Member>[] = [
    { key: 'name', title: T.name, dataIndex: 'name', render: (name: string, m) => <span className="org-cell-wrap">{name}{m.userId === me ? ` ${T.you}` : ''}</span> },
    { key: 'email', title: T.email, dataIndex: 'email', render: (email: string) => <span className="org-cell-wrap">{email}</span> },
    {
      key: 'role', title: T.role, dataIndex: 'role',
      render: (role: OrgRole, m) => (manages(m)
        ? <RoleSelect actor={actor} value={role} aria-label={fill(T.changeRole, { name: m.name })} onChange={(next) => next !== role && onRole(m.userId, next)} />
        : <Tag>{ORG_ROLE_LABEL[role]}</Tag>),
    },
    { key: 'joinedAt', title: T.joinedAt, dataIndex: 'joinedAt', render: (iso: string) => formatDateTime(iso) },
    {
      key: 'actions', title: T.actions,
      render: (_: unknown, m) => manages(m) && (
        <Popconfirm title={fill(T.removeConfirm, { name: m.name })} okText={T.yes} cancelText={T.no} onConfirm={() => onRemove(m.userId)}>
          <Button danger size="small">{T.remove}</Button>
        </Popconfirm>
      ),
    },
  ];
  return <ResponsiveTable<Member> aria-label={T.title} rowKey="userId" columns={columns} dataSource={members} loading={loading} pagination={false} scroll={{ x: 'max-content' }} />;
}
