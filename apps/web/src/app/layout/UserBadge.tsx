import { Avatar } from 'antd';

export function initialOf(name: string | undefined): string {
  return (name?.trim()[0] ?? '?').toUpperCase();
}

export function UserBadge({ name, showName = true }: { name: string; showName?: boolean }) {
  return (
    <span className="user-badge">
      <Avatar style={{ background: '#5b3cc4' }} aria-hidden>{initialOf(name)}</Avatar>
      {showName && <span className="user-badge-name">{name}</span>}
    </span>
  );
}
