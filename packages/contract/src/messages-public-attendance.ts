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
  codeRule: 'Kode presensi 4–12 huruf atau angka',
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

/** What an attendance code is once trimmed and upper-cased: read out loud, typed on a phone. */
export const ATTENDANCE_CODE_PATTERN = /^[A-Z0-9]{4,12}$/;

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
  failed: 'Presensi gagal dikirim. Periksa koneksi lalu coba lagi.',
  empty: 'Isi kode presensi',
} as const;
