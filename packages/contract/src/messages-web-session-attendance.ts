/**
 * The Kehadiran tab of the event overview: who attended which session. The export's headers
 * stay in SESSION_ATTENDANCE_EXPORT; these are the screen's own words.
 */
export const SESSION_ATTENDANCE_TEXT = {
  title: 'Kehadiran per sesi',
  intro: 'Peserta terkonfirmasi yang check-in di tiap sesi.',
  loadFailed: 'Kehadiran tidak dapat dimuat',
  sessions: 'Sesi',
  /** A session's count against the confirmed participants, or alone when their number is not known. */
  attendedOf: '{n} dari {total} peserta hadir ({rate}%)',
  attended: '{n} hadir',
  empty: 'Belum ada peserta yang hadir',
  emptyHelp: 'Angka dan daftar kehadiran muncul di sini setelah peserta check-in di sesi.',
  participants: 'Peserta',
  minSessions: 'Hadir minimal',
  everyone: 'Semua peserta',
  atLeast: 'Hadir minimal {n} sesi',
  columns: { name: 'Nama', email: 'Email', attended: 'Sesi dihadiri' },
  attendedCount: '{n} dari {total}',
  present: 'Hadir',
  absent: 'Tidak hadir',
  noParticipants: 'Belum ada peserta terkonfirmasi',
  noMatch: 'Tidak ada peserta yang hadir minimal {n} sesi',
  xlsx: 'Unduh XLSX',
  csv: 'Unduh CSV',
} as const;
