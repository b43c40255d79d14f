/**
 * Texts of the public twibbon maker (`/t/{customKey}`), rendered on the server and read by its
 * small script. Kept apart from the dashboard's `messages-web*.ts` (and from `fill` in
 * messages.ts) so the maker's script shares no chunk with the dashboard's /login.
 */
export const PUBLIC_TWIBBON_TEXT = {
  titleSuffix: 'Twibbon',
  heading: 'Buat Twibbon',
  description: 'Pasang foto kamu di bingkai twibbon {event}, lalu unduh dan bagikan.',
  privacy: 'Foto kamu diproses di perangkat ini saja dan tidak pernah diunggah.',
  pickPhoto: 'Pilih foto',
  preview: 'Pratinjau twibbon. Geser foto dengan tombol panah, perbesar dengan + dan perkecil dengan -.',
  zoom: 'Perbesar foto',
  reset: 'Atur ulang posisi',
  download: 'Unduh Twibbon',
  preparing: 'Menyiapkan gambar…',
  frameLoading: 'Memuat bingkai twibbon…',
  downloaded: 'Twibbon diunduh.',
  noPhoto: 'Pilih foto terlebih dahulu.',
  badPhoto: 'Foto tidak dapat dibuka. Coba berkas gambar lain.',
  frameError: 'Bingkai twibbon tidak dapat dimuat.',
  captionHeading: 'Caption',
  copyCaption: 'Salin caption',
  copied: 'Caption disalin.',
  copyFailed: 'Caption tidak dapat disalin otomatis: pilih teksnya lalu salin.',
  guideHeading: 'Cara memakai',
  notFoundTitle: 'Twibbon tidak ditemukan',
  notFoundBody: 'Tautan twibbon ini tidak ada atau event-nya belum dipublikasikan.',
} as const;

/** The downloaded picture's name: a JPEG (see the maker's TWIBBON_IMAGE). */
export const twibbonFileName = (customKey: string) => `twibbon-${customKey}.jpg`;
