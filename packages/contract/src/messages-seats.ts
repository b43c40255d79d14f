/**
 * Seats (API.md, "Seats"): approval, waiting list, cancellation and hidden tickets. Our own texts,
 * not the spec's: the refusals' message ids, what the forms say, and their field rules.
 */
export const SEATS_ID = {
  ticketNotFound: 'TICKET_NOT_FOUND',
  notPending: 'NOT_PENDING',
  alreadyOnWaitlist: 'ALREADY_ON_WAITLIST',
  offerExpired: 'OFFER_EXPIRED',
  cancellationClosed: 'CANCELLATION_CLOSED',
} as const;

export const SEATS_MSG = {
  /** A hidden ticket's code: 4–32 letters and digits. */
  accessCode: 'Kode akses 4–32 huruf atau angka, tanpa spasi',
  /** A hidden ticket asked for without its code, or with a wrong one: as if it did not exist. */
  ticketNotFound: 'Tiket tidak ditemukan',
  notPending: 'Pendaftaran ini tidak menunggu persetujuan',
  alreadyOnWaitlist: 'Email ini sudah ada di daftar tunggu tiket ini',
  offerExpired: 'Tawaran kursi ini sudah lewat waktunya',
  cancellationClosed: 'Batas pembatalan sudah lewat',
  cancellationAfterStart: 'Batas pembatalan harus sebelum event dimulai',
  /** Approval and the waiting list are for free tickets: a paid seat is bought at once. */
  freeOnly: 'Hanya untuk tiket gratis',
  /** The email typed to cancel is not the registration's. */
  emailMismatch: 'Email tidak sama dengan email pendaftaran tiket ini',
  alreadyCheckedIn: 'Tiket ini sudah dipakai check-in, jadi tidak bisa dibatalkan',
  paidInApp: 'Tiket berbayar dibatalkan lewat aplikasi tempat kamu membelinya',
  /** A registration that is no longer confirmed or pending (declined, refunded). */
  notCancellable: 'Pendaftaran ini tidak bisa dibatalkan lagi',
} as const;

/** The mails of a registration's status (seat.mail): no QR code, the e-ticket page linked. */
export const SEAT_MAIL_MSG = {
  pendingSubject: 'Pendaftaran {event} menunggu persetujuan',
  pending: 'Pendaftaran kamu untuk "{event}" ({category}) sudah kami terima dan sedang ditinjau panitia.',
  pendingNext: 'E-tiket dengan kode QR dikirim lewat email setelah pendaftaran disetujui.',
  declinedSubject: 'Pendaftaran {event} tidak disetujui',
  declined: 'Maaf, panitia "{event}" belum dapat menyetujui pendaftaran kamu ({category}).',
  cancelledSubject: 'Pendaftaran {event} dibatalkan',
  cancelled: 'Pendaftaran kamu untuk "{event}" ({category}) telah dibatalkan. Kursimu dilepas untuk peserta lain.',
  reason: 'Catatan dari panitia: {reason}',
  status: 'Lihat status pendaftaran kamu: {url}',
  notYou: 'Jika kamu tidak mendaftar, abaikan email ini.',
} as const;

/** The waiting list's texts: refusals, the offer mail. */
export const WAITLIST_MSG = {
  notOffered: 'Tiket ini tidak punya daftar tunggu',
  seatsLeft: 'Kursi masih tersedia: silakan daftar langsung',
  offerAccepted: 'Tawaran ini sudah kamu terima',
  offerNotFound: 'Tawaran tidak ditemukan',
  alreadyOnWaitlist: 'Email ini sudah ada di daftar tunggu tiket ini',
  offerExpired: 'Tawaran kursi ini sudah lewat waktunya',
  alreadyRegistered: 'Email ini sudah terdaftar di tiket ini',
  offerSubject: 'Ada kursi untukmu di {event}',
  offer: 'Kabar baik! Ada kursi kosong di "{event}" ({category}) dan kamu yang berikutnya di daftar tunggu.',
  offerUntil: 'Konfirmasi sebelum {until} WIB. Lewat dari itu, kursinya ditawarkan ke orang berikutnya.',
  offerLink: 'Ambil kursimu: {url}',
} as const;

/** The e-ticket page's "Batalkan pendaftaran" (its script reads these too: no zod here). */
export const CANCEL_TEXT = {
  title: 'Batalkan pendaftaran',
  intro: 'Kursimu dilepas untuk peserta lain (termasuk yang menunggu di daftar tunggu) dan pembatalan tidak bisa diurungkan.',
  until: 'Bisa dibatalkan sampai {until} WIB.',
  email: 'Ketik email pendaftaranmu untuk konfirmasi',
  submit: 'Ya, batalkan pendaftaran',
  sending: 'Membatalkan…',
  empty: 'Isi email pendaftaranmu',
  failed: 'Pembatalan gagal. Periksa koneksi lalu coba lagi.',
  done: 'Pendaftaran dibatalkan. Kursimu sudah dilepas.',
} as const;

/** The event page's words for seats (the form's script reads them too: no zod here). */
export const SEATS_PAGE_TEXT = {
  /** A sold-out ticket that keeps a waiting list. */
  waitlistStatus: 'Kuota penuh — masuk daftar tunggu',
  joinWaitlist: 'Masuk daftar tunggu',
  joined: 'Kamu masuk daftar tunggu di urutan ke-{position}. Kami kirim email begitu ada kursi untukmu; kursi itu kami tahan 24 jam.',
  /** The ticket sold out while the form was filled, and it keeps a waiting list. */
  soldOutJoin: 'Kuota tiket ini baru saja habis. Tekan "Masuk daftar tunggu" untuk mengantre dengan data yang sama.',
  approval: 'Pendaftaran ditinjau panitia dulu; e-tiket dikirim setelah disetujui.',
  hidden: 'Tiket khusus (link undangan)',
} as const;

/** The waiting list's offer page (`/e/{id}/tawaran/{token}`); its script reads these too. */
export const OFFER_TEXT = {
  title: 'Tawaran kursi',
  intro: 'Ada kursi kosong untukmu di kategori {category}. Kursi ini kami tahan sampai {until} WIB.',
  accept: 'Ambil kursi ini',
  accepting: 'Mengambil kursi…',
  noScript: 'Aktifkan JavaScript untuk mengambil kursi.',
  failed: 'Gagal mengambil kursi. Periksa koneksi lalu coba lagi.',
  expired: 'Tawaran ini sudah lewat waktunya, dan kursinya sudah ditawarkan ke orang berikutnya di daftar tunggu.',
  accepted: 'Tawaran ini sudah kamu terima.',
  ticket: 'Lihat e-tiket',
  notFound: 'Tawaran tidak ditemukan. Periksa kembali tautan di email.',
} as const;
