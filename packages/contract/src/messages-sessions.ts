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
} as const;
