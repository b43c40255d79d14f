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
} as const;
