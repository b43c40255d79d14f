import type { WebhookDeliveryStatus, WebhookDeliveryType } from './webhooks.js';

/** The machine ids of webhook refusals (body `messageId`). */
export const WEBHOOK_ID = { disabled: 'WEBHOOK_DISABLED' } as const;

/** The API's texts of webhooks (API.md, Integrations): refusals and answers. */
export const WEBHOOK_MSG = {
  urlInvalid: 'URL webhook harus berupa alamat http:// atau https:// yang lengkap.',
  urlCredentials: 'URL webhook tidak boleh memuat nama pengguna atau kata sandi.',
  urlPrivate: 'URL webhook mengarah ke alamat jaringan privat, loopback, atau link-local. Gunakan alamat publik.',
  urlUnresolvable: 'Nama host URL webhook tidak dapat ditemukan.',
  eventsRequired: 'Pilih minimal satu event.',
  tooMany: 'Organisasi ini sudah memiliki jumlah webhook maksimal.',
  created: 'Webhook ditambahkan. Simpan secret ini sekarang: secret tidak akan ditampilkan lagi.',
  updated: 'Webhook diperbarui.',
  deleted: 'Webhook dihapus.',
  retried: 'Pengiriman dijadwalkan ulang.',
  testQueued: 'Event uji dikirim.',
  notRetriable: 'Pengiriman ini masih menunggu percobaan berikutnya.',
  endpointDisabled: 'Webhook ini nonaktif. Aktifkan kembali sebelum mengirim.',
} as const;

/** The mail to the owners when an endpoint is switched off. */
export const WEBHOOK_DISABLED_MAIL = {
  subject: 'Webhook dinonaktifkan: {url}',
  body: 'Halo {name},\n\nWebhook organisasi {organization} ke {url} gagal menerima event selama {days} hari berturut-turut, sehingga kami menonaktifkannya.\n\nPeriksa alamat penerimanya, lalu aktifkan kembali di halaman Integrasi: {link}\n',
} as const;

/** The web's texts of the Integrasi page and its webhooks section. */
export const WEBHOOKS_TEXT = {
  pageTitle: 'Integrasi',
  pageSubtitle: 'Hubungkan organisasi Anda dengan sistem lain.',
  title: 'Webhook',
  subtitle: 'Kirim event organisasi ke URL Anda, ditandatangani sesuai Standard Webhooks.',
  add: 'Tambah webhook',
  url: 'URL',
  urlPlaceholder: 'https://contoh.id/webhook',
  events: 'Event',
  status: 'Status',
  enabled: 'Aktif',
  disabled: 'Nonaktif',
  failingSince: 'Gagal sejak {date}',
  createdAt: 'Dibuat',
  actions: 'Aksi',
  enable: 'Aktifkan',
  disable: 'Nonaktifkan',
  delete: 'Hapus',
  deleteConfirm: 'Hapus webhook ini? Riwayat pengirimannya ikut terhapus.',
  cancel: 'Batal',
  save: 'Simpan',
  empty: 'Belum ada webhook.',
  loadFailed: 'Webhook tidak dapat dimuat',
  retry: 'Coba lagi',
  secretTitle: 'Secret webhook',
  secretHint: 'Salin secret ini sekarang untuk memverifikasi tanda tangan. Secret tidak akan ditampilkan lagi.',
  copy: 'Salin',
  copied: 'Disalin',
  done: 'Selesai',
  deliveries: 'Pengiriman',
  deliveriesTitle: 'Pengiriman ke {url}',
  sendTest: 'Kirim event uji',
  refresh: 'Muat ulang',
  eventType: 'Event',
  responseCode: 'Kode',
  attempts: 'Percobaan',
  nextTry: 'Percobaan berikutnya',
  retryDelivery: 'Kirim ulang',
  noDeliveries: 'Belum ada pengiriman.',
  close: 'Tutup',
} as const;

export const WEBHOOK_DELIVERY_STATUS_LABEL: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Menunggu',
  delivered: 'Terkirim',
  failed: 'Gagal',
};

export const WEBHOOK_EVENT_LABEL: Readonly<Record<WebhookDeliveryType, string>> = {
  'registration.created': 'Pendaftaran baru',
  'registration.cancelled': 'Pendaftaran dibatalkan',
  'registration.approved': 'Pendaftaran disetujui',
  'checkin.created': 'Check-in',
  'waitlist.offered': 'Tawaran daftar tunggu',
  'evaluation.submitted': 'Evaluasi dijawab',
  'certificate.issued': 'Sertifikat terbit',
  'webhook.test': 'Event uji',
};
