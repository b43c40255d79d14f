/**
 * Organizations and their roles (API.md, "Organizations and accounts"): the permission table,
 * once. The server's access gate checks every route's action against it; the web hides what a
 * role cannot use with the same table.
 */
export const ORG_ROLES = ['owner', 'admin', 'finance', 'staff'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** What a route does, in the rows of API.md's permission table. */
export const ORG_ACTIONS = [
  'events.read', 'events.write', 'participants.export', 'participants.manage', 'checkin', 'sales', 'money', 'certificates',
  'messages.read', 'messages.send', 'members', 'audit',
  'webhooks',
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

/**
 * A route's access rule: an action of the table, or `self` for what any signed-in user does to
 * their own account (sign out, change password, list their organizations).
 */
export type RouteAction = OrgAction | 'self';

const ALL: readonly OrgRole[] = ORG_ROLES;
export const ROLE_ACTIONS: Readonly<Record<OrgAction, readonly OrgRole[]>> = {
  'events.read': ALL,
  'events.write': ['owner', 'admin'],
  'participants.export': ['owner', 'admin', 'finance'],
  /** Approve, decline and cancel registrations, and keep the waiting list (API.md, Seats). */
  'participants.manage': ['owner', 'admin'],
  checkin: ['owner', 'admin', 'staff'],
  sales: ['owner', 'admin', 'finance'],
  money: ['owner', 'finance'],
  certificates: ['owner', 'admin'],
  'messages.read': ALL,
  'messages.send': ['owner', 'admin'],
  members: ['owner', 'admin'],
  audit: ['owner', 'admin'],
  /** The organization's webhooks (API.md, Integrations). */
  webhooks: ['owner', 'admin'],
};

export const roleAllows = (role: OrgRole | undefined, action: OrgAction): boolean =>
  role !== undefined && ROLE_ACTIONS[action].includes(role);

/** An admin manages members and invitations but never an owner, nor makes one. */
export const mayManageRole = (actor: OrgRole | undefined, target: OrgRole): boolean =>
  actor === 'owner' || (actor === 'admin' && target !== 'owner');

/** How the dashboard names a role (Indonesian, as the rest of the screens). */
export const ORG_ROLE_LABEL: Readonly<Record<OrgRole, string>> = {
  owner: 'Pemilik',
  admin: 'Admin',
  finance: 'Keuangan',
  staff: 'Staf',
};

/** The header that names the organization a request acts within (declared with the addresses: every signed-in call sends it). */
export { ORGANIZATION_HEADER } from './endpoints/addresses.js';

/** Audit log actions, as stored and filtered. */
export const AUDIT_ACTIONS = [
  'event.created', 'event.updated', 'event.submitted', 'event.deleted',
  'bank_account.saved', 'withdrawal.requested', 'withdrawal.verified',
  'certificate.published',
  'member.invited', 'member.role_changed', 'member.removed', 'member.left', 'invitation.revoked', 'invitation.accepted',
  'export.downloaded', 'checkin.undone', 'attendance.code_set',
  'message.sent', 'message.cancelled',
  'registration.approved', 'registration.declined', 'registration.cancelled', 'waitlist.offered',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Readonly<Record<AuditAction, string>> = {
  'event.created': 'Membuat event',
  'event.updated': 'Mengubah event',
  'event.submitted': 'Mengajukan event',
  'event.deleted': 'Menghapus event',
  'bank_account.saved': 'Menyimpan rekening bank',
  'withdrawal.requested': 'Mengajukan penarikan',
  'withdrawal.verified': 'Memverifikasi penarikan',
  'certificate.published': 'Menerbitkan sertifikat',
  'member.invited': 'Mengundang anggota',
  'member.role_changed': 'Mengubah peran anggota',
  'member.removed': 'Mengeluarkan anggota',
  'member.left': 'Keluar dari organisasi',
  'invitation.revoked': 'Membatalkan undangan',
  'invitation.accepted': 'Menerima undangan',
  'export.downloaded': 'Mengunduh data',
  'checkin.undone': 'Membatalkan check-in',
  'attendance.code_set': 'Mengatur kode presensi',
  'message.sent': 'Mengirim pesan ke peserta',
  'message.cancelled': 'Membatalkan pesan terjadwal',
  'registration.approved': 'Menyetujui pendaftaran',
  'registration.declined': 'Menolak pendaftaran',
  'registration.cancelled': 'Membatalkan pendaftaran',
  'waitlist.offered': 'Menawarkan kursi dari daftar tunggu',
};

/** Days an invitation link stays valid; minutes a password reset link does. */
export const INVITATION_TTL_DAYS = 7;
/**
 * Invitation mails (new or resent) one organization may send in 24 hours, and resends of one
 * invitation: each mails a link, with the organization's name, to any address typed.
 */
export const INVITATION_DAILY_CAP = 50;
export const INVITATION_MAX_RESENDS = 3;
export const PASSWORD_RESET_TTL_MINUTES = 60;
