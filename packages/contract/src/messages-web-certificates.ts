/* The certificate screens' own texts (see messages-web.ts). */
import { LAYOUT_TEXT } from './messages-web.js';

/**
 * Texts of the certificate screens (spec section 2, Certificates). The spec's messages
 * (rules, toasts, confirm) come from the contract's CERT_MSG / CERT_OWN_MSG.
 */
export const CERT_TEXT = {
  menu: LAYOUT_TEXT.menu.certificate,
  // List
  newCertificate: 'NEW CERTIFICATE',
  tableTitle: 'Certificates',
  columns: { event: 'Event Name', group: 'Recipient Group Name', status: 'Status', action: 'Aksi' },
  none: '-',
  preview: 'Preview',
  edit: 'Edit',
  publishingProgress: (done: number, total: number) => `${done}/${total} terkirim`,
  delivered: (done: number) => `${done} terkirim`,
  failed: (n: number) => `${n} gagal`,
  loadFailed: 'Data sertifikat tidak dapat dimuat',
  // Preview modal (list)
  previewTitle: 'Preview Certificate',
  closePreview: 'Close Preview',
  editCertificate: 'EDIT CERTIFICATE',
  previewImage: 'Certificate preview',
  // Form page
  create: 'Publish New Certificate',
  editTitle: 'Edit Certificate',
  eventPlaceholder: 'Cari nama event',
  /** Under the event search: which events can be chosen, so a missing one is not a mystery. */
  eventHint: 'Event yang sudah dipublikasikan dan disetujui, yang sudah selesai atau sudah punya peserta hadir.',
  eventNoneQualifies: 'Tidak ada event yang cocok. Event bisa dipilih setelah selesai, atau setelah ada peserta yang check-in.',
  eventEnded: 'Selesai',
  eventOngoing: 'Berlangsung',
  recipientType: 'Recipient',
  recipientTypePlaceholder: 'Pilih tipe penerima',
  recipientCsvOption: 'Upload CSV Participant',
  csvFile: 'CSV Participant',
  uploadCsv: 'UPLOAD CSV',
  changeCsv: 'CHANGE CSV',
  csvHint: 'CSV peserta bisa diunduh di menu Event (tab Participant, Get CSV Participants).',
  csvOnly: 'Hanya file .csv',
  recipients: (n: number) => `${n} penerima`,
  uploading: 'Uploading...',
  nameColumn: 'Name Column',
  emailColumn: 'Email Column',
  columnPlaceholder: 'Pilih kolom',
  number: 'Certificate Number',
  numberPrefix: 'Custom text',
  numberSequence: 'System sequence',
  numberSample: (a: string, b: string) => `Contoh: ${a}, ${b}`,
  font: 'Font Style',
  serialSize: 'Font Size (Certificate Number)',
  recipientSize: 'Font Size (Recipient Name)',
  color: 'Font Color',
  serialMaxChars: 'Max Char (Certificate Number)',
  recipientMaxChars: 'Max Char (Recipient Name)',
  // Template and canvas
  template: 'Certificate Template',
  uploadTemplate: 'UPLOAD TEMPLATE',
  changeTemplate: 'CHANGE TEMPLATE',
  templateHint: 'PNG atau JPEG, horizontal (lebar lebih besar dari tinggi), maks. 5 MB.',
  canvasTitle: 'Certificate Preview',
  canvasEmpty: 'Upload template untuk mengatur posisi nama dan nomor sertifikat.',
  canvasHelp: 'Geser dan ubah ukuran kotak, atau isi posisinya (piksel template) di bawah.',
  recipientLabel: 'Recipient name',
  numberLabel: 'Certificate Number',
  coords: { x: 'X', y: 'Y', width: 'W', height: 'H' } as Record<'x' | 'y' | 'width' | 'height', string>,
  coordNames: { x: 'X', y: 'Y', width: 'width', height: 'height' } as Record<'x' | 'y' | 'width' | 'height', string>,
  previewButton: 'PREVIEW',
  // Actions
  discard: 'DISCARD',
  saveDraft: 'SAVE AS DRAFT',
  publish: 'PUBLISH',
  cancel: 'CANCEL',
  close: 'Close',
} as const;

/**
 * Certificates to an event's attendees: the form's choice and its count, the list's
 * action, and the API's answers and refusals (`{placeholders}` filled with `fill`).
 */
const ATTENDEES = 'Peserta yang hadir';
export const CERT_ATTENDEES_MSG = {
  option: ATTENDEES,
  /** The group name the list shows for such a batch. */
  groupName: ATTENDEES,
  count: '{n} peserta yang hadir',
  toSend: '{done} sudah menerima sertifikat ini; {n} peserta baru akan dikirimi',
  pickEvent: 'Pilih event untuk melihat jumlah peserta yang hadir',
  countFailed: 'Jumlah peserta yang hadir tidak dapat dimuat',
  hint: 'Peserta yang check-in di lokasi atau hadir online (tidak termasuk yang di-refund). Yang hadir setelah publikasi bisa dikirimi dengan PUBLISH lagi.',
  republishNote: 'Sertifikat ini sudah dipublikasikan. PUBLISH lagi mengirim sertifikat hanya ke peserta yang hadir sejak itu; yang sudah menerima tidak dikirimi lagi.',
  sendNew: 'Kirim ke peserta baru',
  republished: 'Sertifikat sedang dikirim ke peserta yang baru hadir',
  republishFailed: 'Gagal mengirim sertifikat',
  noAttendees: 'Belum ada peserta yang hadir di event ini',
  noNewAttendees: 'Semua peserta yang hadir sudah menerima sertifikat ini',
  notAttendees: 'Hanya sertifikat untuk peserta yang hadir yang bisa dipublikasikan lagi',
  notPublished: 'Sertifikat ini belum selesai dipublikasikan',
} as const;
