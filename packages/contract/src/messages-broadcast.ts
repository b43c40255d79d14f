/**
 * Messages to participants and reminders (API.md "Messages"): the API's answers and
 * refusals, the merge fields and the reminder mails' texts. The dashboard's screen texts are in
 * messages-web-broadcast.ts.
 */
export const BROADCAST_MSG = {
  created: 'Pesan sedang dikirim',
  scheduled: 'Pesan dijadwalkan',
  cancelled: 'Pesan dibatalkan',
  testSent: 'Pesan uji dikirim ke {email}',
  remindersSaved: 'Pengingat disimpan',
  subjectRequired: 'Subjek wajib diisi',
  subjectTooLong: 'Subjek paling banyak {n} karakter',
  bodyRequired: 'Isi pesan wajib diisi',
  bodyTooLong: 'Isi pesan paling banyak {n} karakter',
  unknownField: 'Kolom isian {field} tidak dikenal. Gunakan: {fields}',
  sendAtPast: 'Waktu kirim harus di masa depan',
  sendAtFar: 'Pesan bisa dijadwalkan paling lama 60 hari ke depan',
  ticketNotOfEvent: 'Kategori tiket tidak ada di event ini',
  noRecipients: 'Tidak ada penerima untuk pilihan ini',
  dailyCap: 'Batas harian organisasi tercapai: {cap} email per 24 jam. Sisa hari ini: {left}.',
  notScheduled: 'Hanya pesan terjadwal yang bisa dibatalkan',
  /** A registrant who opted out of the organizer's announcements (reminders and tickets still go). */
  optedOut: 'Penerima berhenti berlangganan pengumuman',
  unsubscribeTitle: 'Berhenti berlangganan',
  unsubscribeAsk: 'Berhenti menerima pengumuman dari {organizer} di {email}? Pengingat acara dan e-tiket tetap dikirim.',
  unsubscribeButton: 'Berhenti berlangganan',
  unsubscribed: 'Kamu tidak akan menerima pengumuman dari {organizer} lagi di {email}.',
  unsubscribeInvalid: 'Tautan berhenti berlangganan tidak valid.',
  /** The footer of an announcement. */
  footer: 'Pesan ini dikirim oleh {organizer} kepada peserta {event} melalui EO Dashboard. Berhenti menerima pengumuman dari penyelenggara ini: {link}',
  /** The sender's display name: the organizer, through the platform's address. */
  fromName: '{organizer} via EO Dashboard',
} as const;

export const BROADCAST_ID = { dailyCap: 'MESSAGE_DAILY_CAP' } as const;

/** Merge fields a subject or body may use, as `{nama}`. */
export const MERGE_FIELDS = ['nama', 'event', 'tiket', 'tanggal', 'lokasi', 'link_tiket'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** The `{word}`s of a text that are not merge fields. */
export const unknownMergeFields = (text: string) =>
  [...new Set([...text.matchAll(/\{([a-z_]+)\}/gi)].map((m) => m[1]!))].filter((f) => !(MERGE_FIELDS as readonly string[]).includes(f));

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
/** How far ahead a message may be scheduled. */
export const MESSAGE_SCHEDULE_MAX_DAYS = 60;

/** The automatic reminders' mails: H-1 and, for online events, one hour before. */
export const REMINDER_TEXT = {
  daySubject: 'Pengingat: {event} besok',
  dayBody: 'Halo {nama},\n\n{event} berlangsung besok, {tanggal}.\nLokasi: {lokasi}\n\nE-tiket kamu: {link_tiket}\n\nSampai jumpa!',
  hourSubject: 'Satu jam lagi: {event}',
  hourBody: 'Halo {nama},\n\n{event} dimulai satu jam lagi, {tanggal}.\nTautan acara: {lokasi}\n\nE-tiket kamu: {link_tiket}',
} as const;
