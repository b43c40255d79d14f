/**
 * Every user-facing text of the spec, once. Spelled exactly as the spec writes them
 * (typos such as `Restriced access` included): tests and clients match on them.
 */
export const MSG = {
  // Section 5, login
  emailRequired: 'Please input your email',
  passwordRequired: 'Please input your password',
  passwordMin: 'Password must have at least 8 characters',
  // Section 6 and 8, auth
  restricedAccess: 'Restriced access',
  restrictedAccess: 'Restricted access',
  somethingWentWrong: 'Something Went Wrong',
  // Section 8: a failure with neither message nor messageId ({code}: the HTTP status)
  errorCode: 'Error code {code}',
} as const;

/** Spec section 5: event rules, verbatim. */
export const EVENT_MSG = {
  name: 'Missing event name',
  image: 'Missing event image',
  category: 'Missing event category',
  subCategory: 'Missing sub category',
  competitionField: 'Missing competition field',
  eoName: 'EO name is required',
  eoEmail: 'EO email is required',
  emailInvalid: 'Email is invalid',
  confirmEmail: 'Missing matching email',
  emailMismatch: 'Email does not match',
  contact: 'Missing contact detail',
  waRequired: 'WA needs to be filled',
  waPattern: 'Please input your event organizer Whatsapp number correctly!',
  waMin: 'WA number must be at least 6 character',
  instagram: 'Please input your event organizer Instagram link correctly',
  eventType: 'Missing event type',
  registrationMethod: 'Missing registration method',
  allowRegister: 'Missing allow registration answer',
  registrationUrl: 'Missing registration link',
  urlInvalid: 'Invalid url (try using http or https)',
  atLeastOneTicket: 'At least 1 ticket must be made',
  participantCategory: "Participant category can't be empty",
  ticketName: 'Missing ticket name',
  quotaType: 'Missing quota type',
  totalTickets: 'Missing total tickets',
  maxNineDigits: 'Invalid data (Max 9 Digit)',
  eventDate: 'Missing event date',
  sameTime: "Start time and end time can't be same",
  deadlineDate: 'Missing deadline date',
  deadlineTime: 'Missing deadline time',
  eventDateFirst: 'You must fill event date first',
  deadlineAfterLastDate: 'Registration deadline must be set before last event date',
  ticketPrice: 'Missing ticket price',
  priceInvalid: 'Price is invalid (Max 19 Digit)',
  maxPerUserAboveQuota: "Can't be larger than the ticket quantity",
  question: 'Missing question',
  questionType: 'Missing type',
  maxFiles: 'Missing Max Files',
  fileType: 'Missing File Type',
  twoOptions: 'At least 2 option must be made',
  option: 'Missing option',
  location: 'Missing event location',
  locationType: 'Missing event location type',
  streamingAnswer: 'Missing streaming answer',
  streamingLink: 'Please correct your streaming link!',
  description: 'Missing event description',
  stepToRegister: 'Missing step to register',
  additionalStep: 'Missing additional step',
  waGroupRequired: 'Please fill whatsapp group link',
  waGroupInvalid: 'Please correct your WhatsApp Group link!',
  benefit: 'Missing event benefit',
  additionalBenefit: 'Missing additional benefit',
  eligibility: 'Missing eligibility',
  agreement: 'You have to agree to the terms and conditions',
  agreementNotice: 'You must agree to the terms and conditions',
  twibbonTemplate: 'Twibbon template is required',
  customKey: 'Custom key is required',
  caption: 'Caption twibbon is required',
  guideline: 'Twibbon Guideline is required',
  guidelineItem: 'Missing Guideline',
  customKeyPattern: 'Only allow alphanumeric, (-), (_)',
  customKeyTaken: 'Custom key not available',
  missingRequired: 'Missing this required fields: {fields}',
  notOver: 'Event is not over yet',
} as const;

/** Spec section 8: event successes and failures, verbatim. */
export const EVENT_RESULT_MSG = {
  created: 'Upload Event Success!',
  edited: 'Edit Event Success!',
  /** An approved event's public-facing edit is held (API.md, Admin): said after the spec's own text. */
  editedAwaitingReview: 'Edit Event Success! Perubahan pada bagian yang tampil di publik menunggu review admin.',
  draftCreated: 'Save as Draft Success!',
  draftEdited: 'Edit Draft Success!',
  createFailed: 'Failed to create event',
  editFailed: 'Failed to edit event',
  draftCreateFailed: 'Failed to create draft',
  draftEditFailed: 'Failed to edit draft',
  redirectEvent: 'Redirecting to event page...',
  redirectDraft: 'Redirecting to draft page...',
  timedOut: 'Request timed out',
} as const;

/** Texts of ours, for cases the spec leaves open. */
export const OWN_MSG = {
  invalidCredentials: 'Email atau password salah',
  tooManyAttempts: 'Terlalu banyak percobaan masuk. Coba lagi dalam {minutes} menit.',
  unauthorized: 'Sesi berakhir, silakan masuk kembali',
  notFound: 'Not found',
  validation: 'Invalid request',
  internal: 'Something Went Wrong',
  platformKey: 'Invalid platform key',
  maxChars: 'Maximum {n} characters',
  dateBeforeToday: "Event date can't be before today",
  dateInvalid: 'Invalid date',
  timeInvalid: 'Invalid time',
  notAllowed: 'Not allowed',
  locked: '{field} cannot be changed after the event is submitted',
  quotaBelowSold: "Total tickets can't be less than the {sold} already sold",
  priceMin: 'Minimal harga tiket berbayar Rp{min}',
  priceStep: 'Harga tiket harus kelipatan Rp1.000',
  ticketHasParticipants: "Participant category '{name}' already has participants and can't be removed",
  eventNotDraft: 'This event is not a draft',
  eventIsDraft: 'This event is a draft: use the draft calls',
  lockedBeforeEvent: '{field} cannot be changed within 72 hours before the event',
  lockedByParticipants: '{field} cannot be changed once participants have registered',
  paidNeedsInternal: 'Event berbayar harus memakai pendaftaran di platform kami',
  emailTaken: 'Email is already registered',
  invoiceLinkInvalid: 'Invoice link is invalid or has expired',
} as const;

/** Machine ids that travel with messages (`messageId`). */
export const MESSAGE_ID = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  tokenReused: 'REFRESH_TOKEN_REUSED',
  ticketSoldOut: 'TICKET_SOLD_OUT',
  maxTicketPerUser: 'MAX_TICKET_PER_USER',
  registrationClosed: 'REGISTRATION_CLOSED',
  forbiddenRole: 'FORBIDDEN_ROLE',
  lastOwner: 'LAST_OWNER',
  invitationExpired: 'INVITATION_EXPIRED',
  resetLinkExpired: 'RESET_LINK_EXPIRED',
  invitationMailFailed: 'INVITATION_MAIL_FAILED',
  paidTicketInApp: 'PAID_TICKET_IN_APP',
} as const;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Spec section 8, Downloads: the toasts of a server export, verbatim. */
export const DOWNLOAD_MSG = { downloading: 'Downloading Data...', downloaded: 'Download Completed' } as const;

/** Spec section 5, participant search: the filter rules' messages, verbatim. */
export const PARTICIPANT_MSG = {
  phoneNumberOnly: 'Input Number Only',
  emailCharacters: 'Input Alphabet, Number, (-), (_), (@), (.) Only',
} as const;

/**
 * Withdrawal and bank account (spec sections 5 and 8 verbatim; `own` holds our texts for the
 * cases the spec leaves open).
 */
export const WITHDRAW_MSG = {
  minAmount: 'Minimum penarikan Rp15.000,00',
  serverMin: 'Minimal penarikan bersih Rp15.000,00. Hubungi admin ...',
  bankRequired: 'Mohon mengisi nama bank',
  accountName: 'Mohon mengisi dengan karakter',
  accountNumber: 'Mohon mengisi dengan angka',
  editBlocked: "You can't edit your Bank Account when you are requesting a withdrawal",
  addBankFailed: 'Failed to add bank',
  success: 'Pengajuan Penarikan Berhasil',
  failed: 'Pengajuan Penarikan Gagal',
  deleted: 'Kamu tidak bisa tarik hasil penjualan karena event sudah dibatalkan',
  notOver: EVENT_MSG.notOver,
  freeInternal: 'Event is hosted internally and is free. Withdrawal is not allowed',
} as const;

export const WITHDRAW_OWN_MSG = {
  pending: 'Masih ada penarikan yang sedang diproses untuk event ini',
  aboveBalance: 'Jumlah penarikan melebihi saldo',
  noBankAccount: 'Lengkapi rekening bank sebelum menarik saldo',
  noSavedBank: 'Event itu belum memiliki rekening bank tersimpan',
  codeSent: 'Kode verifikasi telah dikirim ke {email}',
  codeFormat: 'Kode verifikasi terdiri dari 6 angka',
  codeWrong: 'Kode verifikasi salah. Sisa percobaan: {left}',
  codeExpired: 'Kode verifikasi sudah kedaluwarsa. Silakan ajukan penarikan lagi.',
  codeTooMany: 'Terlalu banyak percobaan kode verifikasi. Silakan ajukan penarikan lagi.',
  noVerification: 'Tidak ada penarikan yang menunggu verifikasi',
  resendWait: 'Tunggu {seconds} detik sebelum mengirim ulang kode',
  codeResent: 'Kode verifikasi baru telah dikirim',
  mailFailed: 'Kode verifikasi gagal dikirim. Silakan coba lagi.',
  bankSaved: 'Rekening bank tersimpan',
  notAwaitingTransfer: 'Penarikan ini tidak sedang menunggu transfer',
  promise: 'Penarikan diproses maksimal 5 hari kerja setelah pengajuan terverifikasi.',
  idempotencyMismatch: 'Idempotency-Key ini sudah dipakai untuk permintaan lain',
  locked: 'Penarikan dikunci karena terlalu banyak kode verifikasi yang salah. Coba lagi setelah {until} atau hubungi admin.',
  dailyLimit: 'Batas {max} pengajuan penarikan per hari untuk event ini sudah tercapai. Coba lagi setelah {until}.',
  unlocked: 'Penarikan dibuka kembali',
} as const;

/** Machine ids of the withdrawal flow; the web opens the code step on the first one (spec section 4). */
export const WITHDRAW_ID = {
  codeSent: 'SEND_WITHDRAW_VERIFICATION_CODE_SUCCESS',
  verified: 'WITHDRAW_VERIFIED',
  codeWrong: 'WITHDRAW_CODE_INVALID',
  codeExpired: 'WITHDRAW_CODE_EXPIRED',
  codeTooMany: 'WITHDRAW_CODE_ATTEMPTS_EXCEEDED',
  resendWait: 'WITHDRAW_CODE_RESEND_TOO_SOON',
  notAllowed: 'WITHDRAW_NOT_ALLOWED',
  pending: 'WITHDRAW_PENDING',
  mailFailed: 'WITHDRAW_MAIL_FAILED',
  locked: 'WITHDRAW_LOCKED',
  dailyLimit: 'WITHDRAW_DAILY_LIMIT',
} as const;

/** Certificates (spec sections 5 and 8), verbatim; the trailing space of fontSizeSerial is the spec's. */
export const CERT_MSG = {
  event: 'Missing Event Name',
  recipientType: 'Missing Recipient Type',
  nameColumn: 'Missing Name Column',
  emailColumn: 'Missing Email Column',
  generatedNumber: 'Missing Generated Number',
  fontStyle: 'Missing Font Style',
  fontSizeSerial: 'Missing Font Size (for Certificate Number) ',
  fontSizeRecipient: 'Missing Font Size (for Recipient Name)',
  fontColor: 'Missing Font Color',
  maxLengthSerial: 'Missing Max Char (for Certificate Number)',
  maxLengthRecipient: 'Missing Max Char (for Recipient Name)',
  missingFields: 'Missing this fields: {fields}',
  templateHorizontal: 'Template must be horizontal',
  publishTitle: 'Are you sure to Publish Certificate?',
  publishBody: "This certificate will distributed to users. You can't undo this action",
  created: 'Upload Certificate Success!',
  edited: 'Edit Certificate Success!',
  draftCreated: 'Save as Draft Success!',
  draftEdited: 'Edit Draft Success!',
  previewed: 'Preview Certificate Success!',
  createFailed: 'Failed to create certificate',
  editFailed: 'Failed to edit certificate',
  draftCreateFailed: 'Failed to create draft',
  draftEditFailed: 'Failed to edit draft',
  previewFailed: 'Failed to preview certificate',
  redirect: 'Redirecting to certificate page...',
  generatingPreview: 'Generating Preview...',
  empty: 'Belum ada sertifikat saat ini',
} as const;

/** The names `Missing this fields: …` lists (spec section 5). */
export const CERT_FIELD_NAMES = { template: 'Template Image', event: 'Event', serialNumber: 'Serial Number', csv: 'CSV File', rules: 'Syarat Penerima' } as const;

/** Texts of ours for certificate cases the spec leaves open. */
export const CERT_OWN_MSG = {
  notDrafted: 'Sertifikat yang sudah dipublikasikan tidak bisa diubah',
  csvUnreadable: 'File CSV tidak dapat dibaca',
  csvColumn: 'Kolom {column} tidak ada di file CSV',
  csvEmpty: 'File CSV tidak berisi penerima',
  eventNotFound: 'Event tidak ditemukan',
  templateUnreadable: 'Template tidak dapat dibaca',
  eventNotPublished: 'Sertifikat hanya bisa dipublikasikan untuk event yang sudah dipublikasikan dan disetujui',
  dailyLimit: 'Batas {limit} penerima sertifikat per 24 jam tercapai (tersisa {left}). Coba lagi nanti.',
  previewBusy: 'Terlalu banyak pratinjau sertifikat sedang dibuat. Coba lagi dalam {seconds} detik.',
} as const;

/** A certificate batch's CSV problems (csvProblems, per row; row 0: the whole file). */
export const CERT_CSV_MSG = {
  nameEmpty: 'Nama penerima kosong',
  emailEmpty: 'Email penerima kosong',
  emailInvalid: 'Email tidak valid: {email}',
  column: CERT_OWN_MSG.csvColumn,
  unreadable: `${CERT_OWN_MSG.csvUnreadable}: {error}`,
  empty: CERT_OWN_MSG.csvEmpty,
  serialTaken: 'Nomor sertifikat {serial} sudah dipakai sertifikat lain; ganti prefix nomor sertifikat',
  nameTooLong: 'Nama penerima lebih dari {max} karakter (batas Max Char sertifikat)',
  nameLink: 'Nama penerima tidak boleh berisi alamat web atau email',
  dailyLimit: 'Batas {limit} penerima sertifikat per 24 jam tercapai (tersisa {left}); publikasikan lagi nanti',
  eventNotPublished: 'Event belum dipublikasikan dan disetujui',
  /** A recipient's delivery error, and the texts printed on the certificate. */
  renderFailed: 'Render gagal: {error}',
  mailFailed: 'Email gagal: {error}',
  footer: 'Verifikasi: {link}',
  pdfTitle: 'Sertifikat {event} — {name}',
} as const;

/** The mails the API sends, in Indonesian; `{placeholders}` are filled by each mail's builder. */
export const MAIL_MSG = {
  hello: 'Halo,',
  helloName: 'Halo {name},',
  reviewApprovedSubject: 'Event kamu disetujui',
  reviewRejectedSubject: 'Event kamu belum disetujui',
  reviewApproved: 'Event "{eventName}" telah disetujui dan sekarang tampil di platform. Pendaftaran di platform sudah dibuka.',
  reviewRejected: 'Event "{eventName}" belum dapat kami setujui, sehingga belum tampil di platform dan belum menerima pendaftaran.',
  reviewReason: 'Alasan dari admin:',
  reviewFix: 'Perbaiki event lewat tombol EDIT EVENT lalu simpan: event akan ditinjau kembali.',
  reviewLink: 'Lihat event di dashboard: {url}',
  revisionApprovedSubject: 'Perubahan event kamu disetujui',
  revisionRejectedSubject: 'Perubahan event kamu belum disetujui',
  revisionApproved: 'Perubahan pada event "{eventName}" telah disetujui dan sekarang tampil di platform: {parts}.',
  revisionRejected: 'Perubahan pada event "{eventName}" ({parts}) belum dapat kami setujui. Event tetap tampil seperti versi yang sudah disetujui.',
  revisionFix: 'Ubah lagi lewat tombol EDIT EVENT lalu simpan: perubahannya akan ditinjau kembali.',
  bankChangedSubject: 'Rekening bank penarikan untuk event "{eventName}" diubah',
  bankSaved: 'Rekening bank tujuan penarikan saldo event "{eventName}" {verb} pada {at} oleh {by}.',
  bankVerbChanged: 'diubah',
  bankVerbSaved: 'disimpan',
  bankNew: 'Rekening baru: {account} a.n. {name}',
  bankPrevious: 'Rekening sebelumnya: {account}',
  bankNotYou: 'Jika kamu tidak melakukan perubahan ini, segera ganti password akunmu dan hubungi admin sebelum mengajukan penarikan.',
  codeSubject: 'Kode verifikasi penarikan saldo {referenceId}',
  codeIntro: 'Kode verifikasi untuk penarikan {amount} dari event "{eventName}" ({referenceId}):',
  codeRules: 'Kode berlaku {minutes} menit dan hanya bisa dicoba {tries} kali. Jangan berikan kode ini kepada siapa pun.',
  codeNotYou: 'Jika kamu tidak mengajukan penarikan ini, abaikan email ini dan segera ganti password akunmu.',
  certSubject: 'Sertifikat {event} untuk {name}',
  certDefaultEvent: 'acara kami',
  certThanks: 'Terima kasih telah berpartisipasi dalam {event}. Sertifikat kamu terlampir dalam email ini (PDF).',
  certSerial: 'Nomor sertifikat: {serial}',
  certCheck: 'Cek keaslian sertifikat: {link}',
  certRegards: 'Salam,',
  certCommittee: 'Panitia {event}',
  certSentBy: 'Sertifikat ini dikirim oleh penyelenggara {organizer} (akun {account}) melalui EO Dashboard.',
  certNotOurs: 'EO Dashboard tidak menulis isi sertifikat ini. Balasan email ini diteruskan ke penyelenggara.',
  inviteSubject: 'Undangan bergabung dengan {organization} di EO Dashboard',
  invite: '{inviter} mengundang kamu bergabung dengan panitia {organization} sebagai {role}.',
  inviteLink: 'Terima undangan (berlaku {days} hari): {url}',
  inviteNotYou: 'Jika kamu tidak mengenal pengundang, abaikan email ini.',
  resetSubject: 'Atur ulang password EO Dashboard',
  reset: 'Kami menerima permintaan untuk mengatur ulang password akun {email}.',
  resetLink: 'Atur password baru (berlaku {minutes} menit, sekali pakai): {url}',
  resetNotYou: 'Jika kamu tidak memintanya, abaikan email ini: password kamu tidak berubah.',
  withdrawalRequestedSubject: 'Penarikan saldo {amount} diajukan untuk event "{eventName}"',
  withdrawalRequested: '{by} mengajukan penarikan {amount} dari event "{eventName}" ({referenceId}) ke rekening {account} a.n. {name} pada {at}.',
  withdrawalRequestedNotYou: 'Jika penarikan ini tidak dikenal, hubungi admin sebelum kode verifikasi dipakai.',
  ticketSubject: 'E-tiket {event}',
  ticketIntro: 'Pendaftaran kamu untuk "{event}" berhasil. Ini e-tiket kamu:',
  ticketEvent: 'Event: {event}',
  ticketCategory: 'Kategori tiket: {category}',
  ticketName: 'Nama: {name}',
  ticketCode: 'Kode tiket: {code}',
  ticketQr: 'Tunjukkan kode QR terlampir saat check-in.',
  ticketWhen: 'Waktu: {when}',
  ticketPlace: 'Tempat: {place}',
  ticketOnline: 'Online',
  ticketJoin: 'Link untuk bergabung: {url}',
  ticketOnlineNote: 'Event ini online: gabung lewat link di atas saat acara dimulai. Kode tiket dipakai untuk presensi.',
  ticketOnlineNoLink: 'Event ini online: link untuk bergabung dikirim oleh penyelenggara sebelum acara dimulai.',
  ticketLink: 'Lihat e-tiket kamu: {url}',
  ticketNotYou: 'Jika kamu tidak mendaftar, abaikan email ini.',
} as const;

/**
 * Public registration (API.md "Public pages"): our texts, in Indonesian. The refusals
 * carry the platform intake's messageIds (TICKET_SOLD_OUT, MAX_TICKET_PER_USER, REGISTRATION_CLOSED)
 * and PAID_TICKET_IN_APP.
 */
export const PUBLIC_REG_MSG = {
  registered: 'Pendaftaran berhasil. E-tiket sudah dikirim ke {email}',
  registrationClosed: 'Pendaftaran untuk tiket ini sudah ditutup',
  soldOut: 'Maaf, kuota tiket ini sudah habis',
  alreadyRegistered: 'Email ini sudah terdaftar untuk tiket ini. Cek e-tiket di kotak masuk email kamu',
  ticketNotOfEvent: 'Tiket tidak ditemukan untuk event ini',
  paidTicketInApp: 'Tiket berbayar hanya bisa dibeli di aplikasi',
  missingAnswer: 'Pertanyaan "{name}" wajib diisi',
  answerTooLong: 'Jawaban "{name}" maksimal {n} karakter',
  answerOneLine: 'Jawaban "{name}" harus berupa teks',
  answerOption: 'Pilih salah satu opsi yang tersedia untuk "{name}"',
  answerOptions: 'Pilih opsi yang tersedia untuk "{name}"',
  answerFile: 'Unggah file untuk "{name}" terlebih dahulu',
  answerFileCount: 'Maksimal {n} file untuk "{name}"',
  answerFileType: 'Jenis file untuk "{name}" tidak sesuai',
  honeypot: 'Pendaftaran ditolak',
  phoneNumber: 'Nomor HP harus diawali +62, 62 atau 08',
  uploadQuestion: 'Pertanyaan unggahan tidak ditemukan untuk event ini',
  uploadSenderCap: 'Terlalu banyak file diunggah dari jaringan ini. Coba lagi dalam {minutes} menit.',
  uploadEventCap: 'Unggahan untuk event ini sedang penuh. Coba lagi dalam {minutes} menit.',
  ticketNotFound: 'E-tiket tidak ditemukan',
} as const;

/** The e-ticket page `/e/{eventId}/ticket/{ticketCode}`. */
export const ETICKET_TEXT = {
  title: 'E-tiket',
  intro: 'Tunjukkan kode QR ini kepada panitia saat masuk.',
  /** An online event's e-ticket: no door to show the QR at. */
  introOnline: 'Event ini online. Gabung lewat tombol di bawah saat acara dimulai; kode tiket ini dipakai untuk presensi.',
  introOnlineNoLink: 'Event ini online. Link untuk bergabung dikirim oleh penyelenggara sebelum acara dimulai.',
  join: 'Gabung ke acara online',
  participant: 'Nama peserta',
  category: 'Kategori tiket',
  dates: 'Waktu',
  location: 'Lokasi',
  online: 'Online',
  code: 'Kode tiket',
  status: 'Status',
  /** The registration's status (REGISTRANT_STATUSES). */
  statuses: {
    confirmed: 'Terdaftar', pending: 'Menunggu persetujuan panitia', declined: 'Ditolak panitia', cancelled: 'Dibatalkan',
    refunded: 'Dibatalkan, dana dikembalikan',
  },
  /** Instead of the QR code while a registration is not confirmed. */
  notConfirmed: 'Kode QR muncul di sini setelah pendaftaran dikonfirmasi.',
  notValid: 'Tiket ini tidak berlaku.',
  addToCalendar: 'Tambahkan ke kalender',
  eventPage: 'Lihat halaman event',
  qrAlt: 'Kode QR tiket {code}',
  notFoundTitle: 'E-tiket tidak ditemukan',
  notFoundBody: 'Tautan e-tiket ini tidak dikenal. Periksa kembali tautan di email pendaftaran kamu.',
} as const;

/** Our text for a public route's per-address limit (429 with Retry-After). */
export const RATE_MSG = {
  tooMany: 'Terlalu banyak permintaan. Coba lagi dalam {seconds} detik.',
} as const;

/** The admin's review of events (API.md, Admin) and the re-approval rule; not in the spec. */
export const REVIEW_MSG = {
  reasonRequired: 'Tuliskan alasan penolakan',
  reasonMax: 'Alasan maksimal {n} karakter',
  notPending: 'Event ini tidak sedang menunggu review',
  notReviewable: 'Hanya event yang sudah disubmit yang bisa direview',
  approved: 'Event disetujui',
  rejected: 'Event ditolak',
  mailFailed: 'Email ke penyelenggara gagal dikirim; keputusan belum disimpan. Coba lagi.',
  revisionApproved: 'Revisi disetujui dan sudah tampil di halaman publik',
  revisionRejected: 'Revisi ditolak',
  revisionNotPending: 'Event ini tidak punya revisi yang menunggu review',
} as const;

export const REVIEW_ID = {
  notPending: 'EVENT_NOT_PENDING',
  revisionNotPending: 'REVISION_NOT_PENDING',
  mailFailed: 'REVIEW_MAIL_FAILED',
} as const;

/** Organizations, members, invitations and passwords: our texts, as the API answers them. */
export const ORG_MSG = {
  forbiddenRole: 'Peran Anda di organisasi ini tidak mengizinkan tindakan ini',
  lastOwner: 'Organisasi harus memiliki setidaknya satu pemilik',
  invitationExpired: 'Tautan undangan sudah digunakan atau kedaluwarsa',
  invitationEmailMismatch: 'Undangan ini untuk email lain. Masuk dengan email {email} untuk menerimanya',
  invitationNeedsAccount: 'Email ini sudah terdaftar. Masuk terlebih dahulu untuk menerima undangan',
  invitationNeedsProfile: 'Isi nama dan password untuk membuat akun',
  alreadyMember: 'Email ini sudah menjadi anggota organisasi',
  adminCannotManageOwner: 'Admin tidak dapat mengubah atau mengeluarkan pemilik',
  invited: 'Undangan terkirim ke {email}',
  invitationMailFailed: 'Email undangan gagal dikirim; undangan belum dibuat. Coba lagi.',
  invitationDailyCap: 'Organisasi ini sudah mengirim {cap} undangan dalam 24 jam terakhir. Coba lagi nanti.',
  invitationResendCap: 'Undangan ini sudah dikirim ulang {n} kali. Batalkan lalu undang lagi bila email belum sampai.',
  resetLinkSent: 'Jika email terdaftar, tautan untuk mengatur ulang password sudah dikirim',
  resetExpired: 'Tautan atur ulang password sudah digunakan atau kedaluwarsa',
  currentPasswordWrong: 'Password saat ini salah',
  passwordChanged: 'Password berhasil diubah',
  passwordSame: 'Password baru harus berbeda dari password saat ini',
} as const;

/** Check-in at the door: our texts; the code of each refusal is its `messageId`. */
export const CHECKIN_MSG = {
  checkedIn: 'Check-in berhasil',
  alreadyCheckedIn: 'Tiket ini sudah check-in sebelumnya',
  ticketNotFound: 'Kode tiket tidak dikenal',
  wrongEvent: 'Tiket ini untuk event lain',
  refunded: 'Tiket ini sudah direfund dan tidak berlaku',
  /** A registration that is not (or no longer) confirmed: awaiting approval, declined or cancelled. */
  notConfirmed: 'Pendaftaran ini belum dikonfirmasi atau sudah dibatalkan: tiketnya tidak berlaku',
  sessionNotFound: 'Sesi pindaian ini sudah dihapus dari event: check-in tidak dicatat',
  undone: 'Check-in dibatalkan',
  codeOrRegistrant: 'Isi kode tiket atau pilih peserta',
  /** The participant export's last two columns. */
  exportCheckedInAt: 'Waktu Check-in',
  exportCheckedInBy: 'Check-in oleh',
} as const;

export const CHECKIN_ID = {
  checkedIn: 'CHECKED_IN',
  alreadyCheckedIn: 'ALREADY_CHECKED_IN',
  ticketNotFound: 'TICKET_NOT_FOUND',
  wrongEvent: 'WRONG_EVENT',
  refunded: 'TICKET_REFUNDED',
  notConfirmed: 'TICKET_NOT_CONFIRMED',
  /** An offline scan for a session the event no longer has (removed while the scanner was offline). */
  sessionNotFound: 'SESSION_NOT_FOUND',
} as const;
export type CheckinOutcome = (typeof CHECKIN_ID)[keyof typeof CHECKIN_ID];
