/**
 * The evaluation on the participant's e-ticket page and the mail that invites them to it. Zod-free,
 * so the page's small script carries the texts without the dashboard's. The refusals and the
 * thank-you are EVALUATION_MSG's.
 */
export const EVALUATION_PAGE_TEXT = {
  title: 'Evaluasi',
  intro: 'Bantu panitia membuat acara berikutnya lebih baik. Jawaban hanya bisa dikirim sekali.',
  requiredNote: 'Pertanyaan bertanda * wajib dijawab.',
  /** Read by screen readers after a required question's label (the star is hidden from them). */
  required: '(wajib)',
  ratingScale: '1 = sangat kurang, 5 = sangat baik',
  npsScale: '0 = sangat tidak mungkin, 10 = sangat mungkin',
  submit: 'Kirim evaluasi',
  sending: 'Mengirim…',
  failed: 'Evaluasi belum terkirim. Periksa koneksi lalu coba lagi.',
  fix: 'Ada jawaban yang perlu diperbaiki',
  opensAt: 'Evaluasi dibuka {time} WIB.',
  closedAt: 'Evaluasi sudah ditutup sejak {time} WIB.',
} as const;

/** The mail sent once to each attendee who has not answered when the evaluation opens. */
export const EVALUATION_MAIL_TEXT = {
  subject: 'Isi evaluasi {event}',
  body: 'Terima kasih sudah hadir di "{event}". Panitia ingin tahu pendapatmu: isi evaluasinya, hanya beberapa menit.',
  until: 'Evaluasi dibuka sampai {until} WIB.',
  link: 'Isi evaluasi: {url}',
  notYou: 'Jika kamu tidak mendaftar di acara ini, abaikan email ini.',
} as const;

/** The e-ticket page's section, the target of the mail's link (`{ticket page}#evaluasi`). */
export const EVALUATION_ANCHOR = 'evaluasi';

/**
 * A line of the e-ticket page that reads otherwise once the evaluation is answered there (a
 * certificate's missing rules) carries its new text in this attribute; the page's script puts it
 * in place with the thank-you.
 */
export const EVALUATION_AFTER_ATTR = 'data-after-evaluation';
