import { ORG_FRAME_TEXT, ORG_ROLE_LABEL, type Organization } from '@eo/contract';

interface Props {
  organizations: readonly Organization[];
  active: Organization;
  onSwitch: (id: string) => void;
  /** Only the name (the phone's header: the choice is in the menu drawer). */
  nameOnly?: boolean;
}

/**
 * The active organization's name; a choice of the others when the user belongs to more than
 * one. A native select: the layout is in every screen's first load, and on a phone it opens the
 * system's picker. The name is cut with an ellipsis, never widening the header.
 */
export function OrganizationSwitcher({ organizations, active, onSwitch, nameOnly = false }: Props) {
  if (nameOnly || organizations.length <= 1) {
    return <span className="org-switcher org-switcher-single" title={active.name}><span className="org-name">{active.name}</span></span>;
  }
  return (
    <select
      className="org-switcher org-select"
      aria-label={ORG_FRAME_TEXT.switchOrganization}
      title={active.name}
      value={active.id}
      onChange={(e) => { if (e.target.value !== active.id) onSwitch(e.target.value); }}
    >
      {organizations.map((o) => <option key={o.id} value={o.id}>{`${o.name} · ${ORG_ROLE_LABEL[o.role]}`}</option>)}
    </select>
  );
}
