/**
 * WhatsApp through the WhatsApp Business Cloud API (API.md "WhatsApp"): approved template
 * messages beside the mails, never instead of them, to participants who ticked the box.
 */

/** What a WhatsApp message tells: each kind is one approved template. */
export const WHATSAPP_KINDS = ['ticket', 'declined', 'waitlistOffer', 'reminderDay', 'reminderHour', 'certificate'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

/**
 * A message's status: `queued` until the Cloud API took it, then as its callbacks say
 * (`sent`, `delivered`, `read`, or `failed`); `skipped` when the number sent STOP before it went.
 */
export const WHATSAPP_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * The templates an organizer submits for approval (docs/configuration.md), by kind: the default
 * name and the body whose `{{n}}` the message fills, in `params` order. Language `id` by default.
 * The names can be changed in the configuration; the parameters cannot.
 */
export const WHATSAPP_TEMPLATES: Record<WhatsAppKind, { name: string; params: readonly string[]; body: string }> = {
  ticket: {
    name: 'eo_eticket', params: ['nama', 'event', 'link e-tiket'],
    body: 'Halo {{1}}, pendaftaranmu untuk {{2}} sudah terkonfirmasi. E-tiketmu: {{3}}',
  },
  declined: {
    name: 'eo_registration_declined', params: ['nama', 'event', 'alasan'],
    body: 'Halo {{1}}, maaf, pendaftaranmu untuk {{2}} tidak disetujui penyelenggara. Alasan: {{3}}',
  },
  waitlistOffer: {
    name: 'eo_waitlist_offer', params: ['nama', 'event', 'batas waktu', 'link penawaran'],
    body: 'Halo {{1}}, ada kursi untukmu di {{2}}. Ambil sebelum {{3}}: {{4}}',
  },
  reminderDay: {
    name: 'eo_reminder_day', params: ['nama', 'event', 'tanggal', 'link e-tiket'],
    body: 'Halo {{1}}, {{2}} dimulai besok ({{3}}). E-tiketmu: {{4}}',
  },
  reminderHour: {
    name: 'eo_reminder_hour', params: ['nama', 'event', 'link acara'],
    body: 'Halo {{1}}, {{2}} dimulai satu jam lagi. Tautan acara: {{3}}',
  },
  certificate: {
    name: 'eo_certificate_ready', params: ['nama', 'event', 'link sertifikat'],
    body: 'Halo {{1}}, sertifikatmu untuk {{2}} sudah siap: {{3}}',
  },
};

/** What an inbound text must say (trimmed, any case) to stop an organization's WhatsApp messages. */
export const WHATSAPP_STOP_WORDS = ['STOP', 'BERHENTI'] as const;

/** Texts of the forms and the history screen. */
export const WHATSAPP_TEXT = {
  optIn: 'Kirim tiket lewat WhatsApp',
  optInHint: 'Ke nomor WhatsApp di atas. Balas STOP untuk berhenti.',
  phoneRequired: 'Isi nomor WhatsApp (62…) untuk menerima tiket lewat WhatsApp',
  historyTitle: 'WhatsApp',
  historyIntro: 'Pesan WhatsApp ke peserta yang memintanya, di samping email.',
  colKind: 'Pesan',
  sent: 'Terkirim',
  delivered: 'Sampai',
  read: 'Dibaca',
  failed: 'Gagal',
  queued: 'Antre',
  counts: 'WhatsApp: terkirim {sent} · sampai {delivered} · dibaca {read} · gagal {failed}',
  none: 'Belum ada pesan WhatsApp',
  loadFailed: 'Status WhatsApp tidak dapat dimuat',
  kind: {
    ticket: 'E-tiket', declined: 'Pendaftaran ditolak', waitlistOffer: 'Tawaran daftar tunggu',
    reminderDay: 'Pengingat H-1', reminderHour: 'Pengingat 1 jam', certificate: 'Sertifikat siap',
  } satisfies Record<WhatsAppKind, string>,
} as const;

/**
 * The number a WhatsApp message goes to (the Cloud API's `to`: digits with the country code), from a
 * phone as the forms take it (`0812…`, `62812…`, `+62 812-…`); null unless an Indonesian mobile number.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const national = (phone ?? '').replace(/\D/g, '').replace(/^(62)?0*/, '');
  return /^8\d{7,12}$/.test(national) ? `62${national}` : null;
}

/** The webhook's refusals (Meta reads them, not people: English, like the platform intake's). */
export const WHATSAPP_ID = { signatureInvalid: 'WHATSAPP_SIGNATURE_INVALID' } as const;
export const WHATSAPP_MSG = {
  signatureInvalid: 'X-Hub-Signature-256 does not match the body',
  verifyRefused: 'Verification refused',
  badPayload: 'Not a WhatsApp callback',
} as const;

/** Messages by status, counted up the way they go (whatsappCountsSchema). */
export interface WhatsAppCounts { queued: number; sent: number; delivered: number; read: number; failed: number }
