/**
 * Evaluation forms (API.md, "Sessions, evaluation and certificate rules"): the questionnaire a
 * committee asks its participants after the event. Our own texts, not the spec's.
 */
export const EVALUATION_QUESTION_TYPES = ['rating', 'nps', 'text', 'radio', 'checkbox'] as const;
export type EvaluationQuestionType = (typeof EVALUATION_QUESTION_TYPES)[number];

export const EVALUATION_LIMITS = {
  maxQuestions: 30, labelMax: 200, textAnswerMax: 2000,
  /** Text answers a summary shows of each text question, newest first. */
  latestTexts: 10, optionMax: 100, minOptions: 2, maxOptions: 10,
  /** Without a window of its own the form closes this many days after the event ends. */
  defaultOpenDaysAfter: 7,
} as const;

export const EVALUATION_ID = { locked: 'EVALUATION_LOCKED', alreadyAnswered: 'ALREADY_ANSWERED', closed: 'EVALUATION_CLOSED' } as const;

export const EVALUATION_MSG = {
  noQuestions: 'Minimal 1 pertanyaan',
  tooMany: 'Maksimal 30 pertanyaan',
  label: 'Pertanyaan wajib diisi',
  type: 'Jenis pertanyaan wajib dipilih',
  options: 'Butuh 2 sampai 10 pilihan',
  option: 'Pilihan wajib diisi',
  duplicateOption: 'Pilihan ini sudah ada',
  opensAt: 'Waktu buka tidak valid',
  closesAt: 'Waktu tutup tidak valid',
  closesBeforeOpens: 'Evaluasi harus ditutup setelah dibuka',
  /** Questions cannot change under the answers already given; the window still can. */
  locked: 'Evaluasi sudah dijawab peserta, jadi pertanyaannya tidak bisa diubah lagi',
  saved: 'Evaluasi disimpan',
  // The participant's side (the e-ticket page).
  alreadyAnswered: 'Kamu sudah mengisi evaluasi ini',
  closed: 'Evaluasi sedang tidak dibuka',
  noForm: 'Event ini tidak punya evaluasi',
  notConfirmed: 'Evaluasi hanya untuk pendaftaran yang terkonfirmasi',
  required: 'Pertanyaan ini wajib dijawab',
  invalidAnswer: 'Jawaban tidak sesuai pertanyaannya',
  unknownQuestion: 'Pertanyaan ini tidak ada di evaluasi',
  answered: 'Terima kasih, evaluasimu sudah terkirim',
} as const;

/** The answers' export: its fixed columns before one per question, and its file's name. */
export const EVALUATION_EXPORT = { name: 'Nama', email: 'Email', answeredAt: 'Dijawab', sheet: 'Evaluasi', file: 'evaluasi' } as const;
