/*
 * The web's texts of /organization/integrations: the page, and its API keys section.
 */

/** The Integrasi page: a list of sections (API keys, and what else connects the organization to other systems). */
export const INTEGRATIONS_TEXT = {
  title: 'Integrasi',
  subtitle: 'Hubungkan organisasi ini dengan sistem lain.',
} as const;

/** The API keys section. */
export const API_KEYS_TEXT = {
  title: 'Kunci API',
  intro: 'Kunci API memberi aplikasi lain akses ke data organisasi ini sesuai izin yang dipilih. Kirim sebagai header Authorization: Bearer <kunci>.',
  create: 'Buat kunci API',
  name: 'Nama',
  namePlaceholder: 'mis. Integrasi CRM',
  prefix: 'Awalan',
  scopes: 'Izin',
  createdAt: 'Dibuat',
  lastUsedAt: 'Terakhir dipakai',
  neverUsed: 'Belum pernah',
  actions: 'Aksi',
  empty: 'Belum ada kunci API.',
  revoke: 'Cabut',
  revokeConfirm: 'Cabut kunci {name}? Aplikasi yang memakainya langsung ditolak.',
  yes: 'Ya, cabut',
  no: 'Batal',
  submit: 'Buat kunci',
  cancel: 'Batal',
  shownTitle: 'Kunci API baru',
  shownWarning: 'Salin kunci ini sekarang. Demi keamanan, kunci tidak akan ditampilkan lagi: bila hilang, cabut lalu buat kunci baru.',
  keyLabel: 'Kunci API',
  copy: 'Salin',
  copied: 'Kunci disalin',
  copyFailed: 'Tidak dapat menyalin: pilih kuncinya lalu salin manual',
  done: 'Selesai',
} as const;
