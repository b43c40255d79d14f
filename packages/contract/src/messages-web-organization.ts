/*
 * The web's texts of the organization screens: the switcher and menu entries in the
 * dashboard frame, members, activity, profile, invitations and the password pages. Loaded with
 * the first screen using any of them, never by /login (its "Lupa password?" is AUTH_TEXT's).
 */

/** The frame: organization switcher, new menu entries, the no-access page. */
export const ORG_FRAME_TEXT = {
  switchOrganization: 'Ganti organisasi',
  /** The user badge in the header links to the profile. */
  openProfile: 'Buka profil',
  loading: 'Memuat organisasi…',
  loadFailed: 'Organisasi tidak dapat dimuat',
  retry: 'Coba lagi',
  menu: { members: 'Anggota', activity: 'Aktivitas', integrations: 'Integrasi' },
  noAccessTitle: 'Tidak ada akses',
  noAccess: 'Peran Anda di organisasi ini tidak dapat membuka halaman ini.',
} as const;

/** /organization/members. */
export const MEMBERS_TEXT = {
  title: 'Anggota',
  subtitle: 'Kelola anggota organisasi dan peran mereka.',
  name: 'Nama',
  email: 'Email',
  role: 'Peran',
  joinedAt: 'Bergabung',
  actions: 'Aksi',
  you: '(Anda)',
  remove: 'Keluarkan',
  removeConfirm: 'Keluarkan {name} dari organisasi?',
  removed: 'Anggota dikeluarkan',
  roleChanged: 'Peran diubah',
  changeRole: 'Ubah peran {name}',
  inviteTitle: 'Undang anggota',
  invite: 'Kirim undangan',
  emailPlaceholder: 'nama@email.com',
  emailRequired: 'Email wajib diisi',
  invitationsTitle: 'Undangan tertunda',
  noInvitations: 'Tidak ada undangan tertunda.',
  expiresAt: 'Berlaku sampai',
  resend: 'Kirim ulang',
  resent: 'Undangan dikirim ulang',
  revoke: 'Batalkan',
  revokeConfirm: 'Batalkan undangan untuk {email}?',
  revoked: 'Undangan dibatalkan',
  leave: 'Keluar dari organisasi',
  leaveConfirm: 'Keluar dari {name}? Anda tidak dapat membuka datanya lagi.',
  left: 'Anda telah keluar dari organisasi',
  yes: 'Ya',
  no: 'Tidak',
} as const;

/** /organization/activity. */
export const ACTIVITY_TEXT = {
  title: 'Aktivitas',
  subtitle: 'Catatan tindakan anggota di organisasi ini.',
  time: 'Waktu',
  who: 'Oleh',
  action: 'Aktivitas',
  summary: 'Keterangan',
  ip: 'IP',
  allPeople: 'Semua anggota',
  allActions: 'Semua aktivitas',
  filterPerson: 'Filter anggota',
  filterAction: 'Filter aktivitas',
  system: 'Sistem',
  empty: 'Belum ada aktivitas.',
} as const;

/** /profile. */
export const PROFILE_TEXT = {
  title: 'Profil',
  name: 'Nama',
  email: 'Email',
  organizations: 'Organisasi',
  role: 'Peran',
  changePassword: 'Ubah password',
  currentPassword: 'Password saat ini',
  newPassword: 'Password baru',
  confirmPassword: 'Ulangi password baru',
  save: 'Simpan password',
} as const;

/** The password fields shared by the profile, reset and invitation pages (required and length: the sign-in's MSG texts). */
export const PASSWORD_TEXT = {
  mismatch: 'Konfirmasi password tidak sama',
} as const;

/** /forgot-password and /reset-password/:token. */
export const RESET_TEXT = {
  forgotTitle: 'Lupa password',
  forgotSubtitle: 'Masukkan email akun Anda. Kami akan mengirim tautan untuk mengatur ulang password.',
  send: 'Kirim tautan',
  resetTitle: 'Atur ulang password',
  resetSubtitle: 'Buat password baru untuk akun Anda.',
  newPassword: 'Password baru',
  confirmPassword: 'Ulangi password baru',
  save: 'Simpan password',
  done: 'Password berhasil diatur ulang. Silakan masuk dengan password baru.',
  backToLogin: 'Kembali ke halaman Login',
  toLogin: 'Masuk',
  requestNewLink: 'Minta tautan baru',
} as const;

/** /invite/:token. */
export const INVITE_TEXT = {
  title: 'Undangan organisasi',
  intro: 'Anda diundang bergabung dengan {organization} sebagai {role}.',
  forEmail: 'Undangan untuk {email}',
  createAccount: 'Buat akun untuk menerima undangan',
  name: 'Nama',
  nameRequired: 'Nama wajib diisi',
  password: 'Password',
  confirmPassword: 'Ulangi password',
  acceptAndCreate: 'Buat akun dan terima undangan',
  accept: 'Terima undangan',
  loginToAccept: 'Masuk untuk menerima undangan',
  accepted: 'Undangan diterima. Silakan masuk dengan email {email}.',
  toLogin: 'Masuk',
  toDashboard: 'Ke Dashboard',
} as const;
