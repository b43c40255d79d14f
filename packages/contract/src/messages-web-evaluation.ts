import type { EvaluationQuestionType } from './messages-evaluation.js';

/**
 * The Evaluasi tab of the event overview: the form organizers build for participants after
 * the event. The rules' messages stay in EVALUATION_MSG; these are the screen's own words.
 */
export const EVALUATION_TEXT = {
  title: 'Evaluasi',
  intro: 'Pertanyaan yang diisi peserta setelah event, lewat e-ticket mereka.',
  loadFailed: 'Evaluasi tidak dapat dimuat',
  answers: '{n} jawaban',
  empty: 'Belum ada pertanyaan',
  questions: 'Pertanyaan',
  questionOf: 'Pertanyaan {n}',
  type: 'Jenis',
  typeOf: 'Jenis pertanyaan {n}',
  types: {
    rating: 'Rating 1–5', nps: 'NPS 0–10', text: 'Teks', radio: 'Pilihan tunggal', checkbox: 'Pilihan ganda',
  } satisfies Record<EvaluationQuestionType, string>,
  label: 'Pertanyaan',
  labelPlaceholder: 'Contoh: Seberapa puas kamu dengan acaranya?',
  required: 'Wajib',
  requiredOf: 'Pertanyaan {n} wajib dijawab',
  optional: 'Opsional',
  options: 'Pilihan',
  optionOf: 'Pilihan {m} pertanyaan {n}',
  addOption: 'Tambah pilihan',
  removeOption: 'Hapus pilihan {m} pertanyaan {n}',
  addQuestion: 'Tambah pertanyaan',
  removeQuestion: 'Hapus pertanyaan {n}',
  window: 'Waktu pengisian',
  opensAt: 'Dibuka',
  closesAt: 'Ditutup',
  dateOf: 'Tanggal {field}',
  hourOf: 'Jam {field}',
  windowHelp: 'Kosongkan: dibuka saat sesi terakhir dimulai (atau saat event dimulai) dan ditutup {days} hari setelah event selesai',
  byDefault: 'Bawaan',
  effective: 'Berlaku: {from} – {to} WIB',
  noWindow: 'Waktu pengisian dihitung setelah event punya tanggal',
  wib: '{time} WIB',
  save: 'Simpan',
  fixErrors: 'Periksa kembali isian yang ditandai',
  // The summary of the answers.
  summary: 'Ringkasan jawaban',
  summaryFailed: 'Ringkasan tidak dapat dimuat',
  rate: '{answers} dari {participants} peserta menjawab ({rate}%)',
  answeredOf: '{n} menjawab',
  average: 'Rata-rata {value}',
  nps: 'NPS {score}',
  npsParts: 'Promotor {promoters} · Pasif {passives} · Detraktor {detractors}',
  distribution: 'Sebaran jawaban: {label}',
  valueCount: '{value}: {count}',
  latest: 'Jawaban terbaru',
} as const;
