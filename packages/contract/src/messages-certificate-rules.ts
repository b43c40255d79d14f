/**
 * Certificates by rules (API.md, "Sessions, evaluation and certificate rules"): the form's
 * texts, the API's refusals and what a participant reads on the e-ticket. Our own texts.
 */
export const CERT_RULES_MSG = {
  option: 'Peserta yang memenuhi syarat',
  groupName: 'Peserta yang memenuhi syarat',
  rulesTitle: 'Syarat penerima',
  minSessions: 'Hadir minimal (sesi)',
  minSessionShare: 'Hadir minimal (% dari semua sesi)',
  evaluationRequired: 'Wajib mengisi evaluasi',
  hint: 'Semua syarat yang diisi harus terpenuhi. Peserta yang memenuhi syarat setelah publikasi menerima sertifikat otomatis.',
  count: '{n} peserta memenuhi syarat saat ini',
  pickEvent: 'Pilih event untuk melihat jumlah peserta yang memenuhi syarat',
  countFailed: 'Jumlah peserta yang memenuhi syarat tidak dapat dimuat',
  // Refusals (400)
  missingRules: 'Isi minimal satu syarat penerima',
  minSessionsRange: 'Jumlah sesi minimal harus bilangan bulat 1–50',
  minSessionShareRange: 'Persentase sesi harus lebih dari 0 dan paling banyak 1 (100%)',
  rulesNotJson: 'Syarat penerima tidak dapat dibaca',
  noSessions: 'Event ini tidak punya sesi: syarat kehadiran per sesi tidak bisa dipakai',
  tooManySessions: 'Event ini hanya punya {n} sesi: syarat hadir minimal {min} sesi tidak mungkin terpenuhi',
} as const;

/** A participant's certificates, on the e-ticket page (section "Sertifikat"). */
export const TICKET_CERT_TEXT = {
  title: 'Sertifikat',
  download: 'Unduh sertifikat',
  notYet: 'Belum tersedia',
  needs: 'Syarat yang belum terpenuhi: {items}',
  evaluation: 'isi evaluasi',
  sessions: 'hadir minimal {n} sesi',
  attend: 'hadir di event',
  processing: 'Sertifikat sedang disiapkan',
} as const;
