/** The organizer's Bagikan dialog on the event overview (loaded with the dialog only). */
export const SHARE_TEXT = {
  title: 'Bagikan event',
  link: 'Tautan publik',
  copy: 'Salin',
  copied: 'Tautan disalin',
  copyFailed: 'Tautan tidak dapat disalin, salin secara manual',
  qr: 'Kode QR',
  qrAlt: 'Kode QR tautan event {name}',
  downloadQr: 'Unduh QR (PNG)',
  whatsapp: 'Bagikan ke WhatsApp',
  whatsappText: '{name}\n{url}',
  close: 'Tutup',
} as const;
