/**
 * Sessions (API.md, "Sessions, evaluation and certificate rules"): an event's parts, each with
 * its own attendance. Our own texts, not the spec's.
 */
export const SESSION_LIMITS = { maxSessions: 50, nameMax: 100 } as const;

export const SESSION_MSG = {
  name: 'Nama sesi wajib diisi',
  startsAt: 'Waktu mulai sesi wajib diisi',
  endsAt: 'Waktu selesai sesi wajib diisi',
  endBeforeStart: 'Sesi harus selesai setelah dimulai',
  outsideEvent: 'Sesi harus berada di dalam tanggal event',
  tooMany: 'Maksimal 50 sesi',
  duplicateName: 'Nama sesi sudah dipakai di event ini',
  notFound: 'Sesi tidak ditemukan di event ini',
  attended: 'Sesi "{name}" sudah punya peserta yang hadir dan tidak bisa dihapus',
} as const;

/** The attendance export's headers: a column per session beside these. */
export const SESSION_ATTENDANCE_EXPORT = { name: 'Nama', email: 'Email', attended: 'Sesi dihadiri', present: 'Hadir', sheet: 'Kehadiran', file: 'kehadiran' } as const;
