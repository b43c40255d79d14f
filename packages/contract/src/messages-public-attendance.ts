/**
 * Online attendance, "Kode Presensi" (API.md "Check-in and attendance"): the refusals
 * and answers of the attendance calls and the e-ticket page's form. Zod-free, so the page's small
 * script carries the texts and rules without the dashboard's.
 */
export const ATTENDANCE_MSG = {
  attended: 'Presensi berhasil. Terima kasih sudah hadir!',
  alreadyAttended: 'Kamu sudah tercatat hadir',
  closed: 'Presensi belum dibuka atau sudah ditutup',
  wrong: 'Kode presensi salah. Sisa percobaan: {left}',
  tooManyTries: 'Terlalu banyak kode salah. Hubungi panitia agar dicatat hadir.',
  onlineOnly: 'Kode presensi hanya untuk event online',
  codeRule: 'Kode presensi 6–12 huruf atau angka',
  eventBusy: 'Terlalu banyak kode salah dikirim untuk event ini. Coba lagi dalam {minutes} menit.',
  windowOrder: 'Waktu tutup harus setelah waktu buka',
  windowLength: 'Presensi dibuka paling lama 24 jam',
  emailOrTicket: 'Isi email atau kode tiket',
  emailNotRegistered: 'Email ini tidak terdaftar di event ini',
  saved: 'Kode presensi disimpan',
  /** "Check-in oleh" of someone who attended with the code (nobody of the committee checked them in). */
  by: 'Presensi online',
} as const;

export const ATTENDANCE_ID = {
  closed: 'ATTENDANCE_CLOSED',
  wrong: 'ATTENDANCE_CODE_WRONG',
  tooManyTries: 'ATTENDANCE_TOO_MANY_TRIES',
} as const;

/** Wrong codes a participant may send for one attendance code; a new code gives new tries. */
export const ATTENDANCE_MAX_TRIES = 5;

/**
 * Wrong codes the event takes from everyone in ATTENDANCE_EVENT_WINDOW_MS; past it, every try
 * waits (429 with Retry-After) until the window ends: guessing across throwaway registrations.
 */
export const ATTENDANCE_EVENT_MAX_WRONG = 50;
export const ATTENDANCE_EVENT_WINDOW_MS = 10 * 60_000;

/**
 * What an attendance code is once trimmed and upper-cased: read out loud, typed on a phone; at
 * least 6 letters or digits (36^6 codes), while the suggested one has 8.
 */
export const ATTENDANCE_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
export const ATTENDANCE_SUGGESTED_LENGTH = 8;

/** Longest attendance window. */
export const ATTENDANCE_WINDOW_MAX_MS = 24 * 3_600_000;

/** An attendance code as compared: trimmed, spaces dropped, upper case. */
export const normalAttendanceCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** The e-ticket page's attendance form (online events). */
export const ATTENDANCE_TEXT = {
  title: 'Presensi',
  intro: 'Masukkan kode presensi yang dibacakan panitia saat acara berlangsung.',
  code: 'Kode presensi',
  submit: 'Kirim presensi',
  sending: 'Mengirim…',
  attendedAt: 'Tercatat hadir {time} WIB',
  /** The form's title when the code is for a session. */
  sessionTitle: 'Presensi: {session}',
  sessionAttendedAt: 'Tercatat hadir di {session} {time} WIB',
  /** The e-ticket's list of the event's sessions. */
  sessions: 'Sesi',
  attended: 'Hadir',
  notAttended: 'Belum hadir',
  failed: 'Presensi gagal dikirim. Periksa koneksi lalu coba lagi.',
  empty: 'Isi kode presensi',
} as const;
