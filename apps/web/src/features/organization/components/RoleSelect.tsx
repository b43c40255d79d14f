import { Select } from 'antd';
import { mayManageRole, ORG_ROLE_LABEL, ORG_ROLES, type OrgRole } from '@eo/contract';

interface Props {
  /** The role of the one choosing: an admin can neither give nor take the owner's role. */
  actor: OrgRole | undefined;
  value?: OrgRole;
  onChange?: (role: OrgRole) => void;
  'aria-label': string;
  disabled?: boolean;
  className?: string;
}

export const rolesManagedBy = (actor: OrgRole | undefined) => ORG_ROLES.filter((r) => mayManageRole(actor, r));

/** The roles `actor` may give, by their Indonesian names. */
export function RoleSelect({ actor, value, onChange, disabled, className, 'aria-label': label }: Props) {
  return (
    <Select<OrgRole>
      aria-label={label}
      className={className}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={rolesManagedBy(actor).map((r) => ({ value: r, label: ORG_ROLE_LABEL[r] }))}
      style={{ minWidth: 140 }}
    />
  );
}
