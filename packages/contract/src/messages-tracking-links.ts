/**
 * Tracking links and the embeddable form (API.md, Integrations): the refusals of the API and
 * the dashboard's texts, in Indonesian.
 */
export const TRACKING_LINK_MSG = {
  nameRequired: 'Nama tautan wajib diisi',
  nameTooLong: 'Nama tautan paling panjang {max} karakter',
  codeRequired: 'Kode tautan wajib diisi',
  codeTooLong: 'Kode tautan paling panjang {max} karakter',
  codeFormat: 'Kode hanya boleh berisi huruf kecil, angka dan tanda hubung, tanpa spasi (contoh: kampus-ui, ig-story)',
  codeTaken: 'Kode "{code}" sudah dipakai tautan lain di event ini',
  tooMany: 'Satu event paling banyak memiliki {max} tautan pelacakan',
  notFound: 'Tautan pelacakan tidak ditemukan',
} as const;

/** The id the two refusals of their own answer with (`messageId`). */
export const TRACKING_LINK_ID = { codeTaken: 'TRACKING_CODE_TAKEN', tooMany: 'TRACKING_LINK_LIMIT' } as const;

/** The dashboard: the Integrasi page's section and the Insight card. */
export const TRACKING_LINK_TEXT = {
  section: 'Tautan Pelacakan',
  intro: 'Buat tautan ke halaman event untuk tiap saluran promosi (kampus, Instagram, komunitas), lalu lihat berapa kunjungan, pendaftar dan check-in dari masing-masing tautan di Insight event.',
  event: 'Event',
  chooseEvent: 'Pilih event',
  noEvent: 'Pilih event untuk melihat dan membuat tautannya.',
  name: 'Nama tautan',
  namePlaceholder: 'mis. Kampus UI',
  code: 'Kode',
  codePlaceholder: 'mis. kampus-ui',
  codeHint: 'Huruf kecil, angka dan tanda hubung; muncul di tautan sebagai ?ref=kode.',
  create: 'Buat Tautan',
  created: 'Tautan dibuat',
  link: 'Tautan',
  copy: 'Salin',
  copyLink: 'Salin tautan {code}',
  copied: 'Tautan disalin',
  copyFailed: 'Tautan tidak dapat disalin; pilih dan salin secara manual',
  delete: 'Hapus',
  deleteLink: 'Hapus tautan {code}',
  deleteTitle: 'Hapus tautan {code}?',
  deleteBody: 'Tautan ini berhenti dihitung. Pendaftar yang sudah datang lewat tautan ini tetap tercatat dengan kodenya di data partisipan.',
  deleted: 'Tautan dihapus',
  cancel: 'Batal',
  empty: 'Belum ada tautan pelacakan untuk event ini',
  visits: 'Kunjungan',
  registrations: 'Pendaftar',
  checkIns: 'Check-in',
  insightTitle: 'Tautan Pelacakan',
  insightEmpty: 'Belum ada tautan pelacakan. Buat di halaman Integrasi.',
  chartLabel: 'Kunjungan, pendaftar dan check-in per tautan pelacakan',
  /** The participants export's column: the code of the link a registrant came through. */
  exportColumn: 'Ref',
  embedTitle: 'Formulir Pendaftaran di Situs Anda',
  embedIntro: 'Tempel kode ini di halaman situs Anda: formulir pendaftaran event tampil di sana, lengkap dengan e-tiket setelah mendaftar.',
  copySnippet: 'Salin kode sematan',
  snippetLabel: 'Kode sematan formulir pendaftaran',
} as const;
