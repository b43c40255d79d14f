/* The dashboard, event list, overview and review screens' own texts (see messages-web.ts). */
import { LAYOUT_TEXT } from './messages-web.js';

/** Overview texts (spec section 2, Overview page). */
export const DASHBOARD_TEXT = {
  greeting: (name: string) => `Halo, ${name}!`,
  greetingSub: 'Berikut ringkasan event dan penjualan tiketmu.',
  bannerTitle: 'Punya event seru? Upload sekarang!',
  bannerText: 'Jangkau 700.000+ anak muda Indonesia dan kelola pendaftaran, tiket, hingga sertifikat dari satu dashboard.',
  bannerButton: 'UPLOAD EVENT',
  cards: {
    active: 'Event Aktif',
    draft: 'Event Draf',
    history: 'Event Riwayat',
    participants: 'Peserta Semua Events',
    tickets: 'Semua Tiket Terjual',
    sales: 'Total Penjualan (Rp)',
  },
  seeAll: 'Lihat semua',
} as const;

/** Event list texts (spec section 2, Lists). */
export const LIST_TEXT = {
  title: { active: 'Event Aktif', draft: 'Event Draf', history: 'Event Riwayat' },
  search: 'Cari nama event',
  create: 'BUAT EVENT BARU',
  columns: { no: 'No', createdAt: 'Tanggal Dibuat', name: 'Nama Event', category: 'Kategori', type: 'Tipe', action: 'Aksi' },
  paid: 'Berbayar',
  free: 'Gratis',
  overview: 'Lihat Overview',
  edit: 'Edit Event',
  empty: {
    active: 'Belum ada event aktif saat ini',
    draft: 'Belum ada event draf saat ini',
    history: 'Belum ada event riwayat saat ini',
  },
  emptyInvite: 'Yuk, buat event pertamamu dan jangkau 700.000+ anak muda Indonesia!',
  noData: 'No Data',
  filter: 'Filter',
  sort: 'Sort',
  prev: 'Prev',
  next: 'Next',
  apply: 'Terapkan',
  reset: 'Reset',
  all: 'Semua',
  eventType: 'Tipe Event',
  sortBy: 'Urutkan',
  sortOptions: { newest: 'Terbaru', oldest: 'Terlama', nameAsc: 'Nama A-Z', nameDesc: 'Nama Z-A' },
  approved: 'Approved',
  updated: (ago: string) => `Diperbarui ${ago}`,
  page: (page: number, pages: number) => `Halaman ${page} dari ${Math.max(pages, 1)}`,
} as const;

/** Texts of the event overview (spec section 2, Event overview tabs; Ticket Price History). */
export const OVERVIEW_TEXT = {
  crumbs: { active: 'Aktif', history: 'Riwayat', draft: 'Draf' },
  root: 'Event',
  title: 'Event Overview',
  edit: 'EDIT EVENT',
  share: 'Bagikan',
  withdraw: 'Tarik Penjualan',
  withdrawChecking: 'Memeriksa status penarikan…',
  tabs: { general: 'General Information', insight: 'Insight', participant: 'Participant', pending: 'Persetujuan', waitlist: 'Daftar Tunggu', ticket: 'Ticket', attendance: 'Kehadiran', evaluation: 'Evaluasi' },
  tabPicker: 'Pilih tab',
  insightOff: 'Insight tersedia untuk event dengan pendaftaran di platform kami yang sudah disetujui',
  registrationOff: 'Tersedia untuk event dengan pendaftaran di platform kami',
  loadFailed: 'Event tidak dapat dimuat',
  // General information
  subCategory: 'Sub Kategori',
  competitionFields: 'Bidang Lomba',
  dates: 'Tanggal & Waktu',
  sessions: 'Sesi',
  location: 'Lokasi',
  online: 'Online',
  streamingLink: 'Link streaming',
  noStreamingLink: 'Link streaming belum tersedia',
  map: 'Lihat di peta',
  notes: 'Catatan',
  tickets: 'Kategori Peserta',
  available: 'Available',
  soldOut: 'Sold Out',
  postedBy: 'Diposting oleh',
  description: 'Deskripsi',
  stepsToRegister: 'Langkah Pendaftaran',
  afterSteps: 'Setelah Mendaftar',
  eligibility: 'Siapa yang bisa ikut?',
  benefit: 'Benefit',
  registration: 'Pendaftaran',
  externalLink: 'Link pendaftaran',
  noRegistration: 'Tanpa pendaftaran',
  wib: 'WIB',
  none: '-',
} as const;

/** Ticket tab and price history texts (spec section 2, Ticket; Ticket Price History). */
export const SALES_TEXT = {
  summary: 'Rangkuman Penjualan Tiket',
  ticketCount: 'Tiket Terjual',
  gross: 'Penjualan Kotor',
  discounted: 'Total Diskon',
  net: 'Penjualan Bersih',
  types: 'Jenis Tiket',
  history: 'Riwayat Penjualan',
  download: 'DOWNLOAD',
  noData: 'No Data',
  unlimited: 'Unlimited',
  typeColumns: { name: 'Nama Tiket', price: 'Harga', quota: 'Kuota', remaining: 'Sisa', sold: 'Terjual', status: 'Status' },
  historyColumns: { invoice: 'Invoice', transaction: 'ID Transaksi', date: 'Tanggal', buyer: 'Pembeli', ticket: 'Tiket', amount: 'Jumlah', status: 'Status', discount: 'Kode Diskon' },
  status: { confirmed: 'Confirmed', refund: 'Refund' },
  priceHistory: 'Ticket Price History',
  priceColumns: { time: 'Waktu', oldPrice: 'Harga Lama', newPrice: 'Harga Baru' },
  detail: 'Detail Penjualan Tiket',
  back: 'Kembali',
  noPriceChange: 'Harga tiket belum pernah diubah',
} as const;

/** Participant tab texts (spec section 2, Participant; section 8, Downloads). */
export const PARTICIPANT_TEXT = {
  title: 'Data Partisipan',
  searchBy: 'Cari berdasarkan',
  search: 'Cari partisipan',
  fields: { name: 'Nama', email: 'Email', phoneNumber: 'No Telp' },
  placeholder: { name: 'Cari nama', email: 'Cari email', phoneNumber: 'Cari no telp' },
  downloadData: 'Download Data',
  csv: 'Get CSV Participants',
  noData: 'No Data',
  columns: { no: 'No', createdAt: 'Tanggal Daftar', name: 'Nama', email: 'Email', phone: 'No Telp', ticket: 'Jenis Tiket', status: 'Status' },
  /** The status filter and each registration's status (REGISTRANT_STATUS_FILTERS); the export uses the same words. */
  statusFilter: 'Status pendaftaran',
  statuses: {
    confirmed: 'Terkonfirmasi', pending: 'Menunggu persetujuan', declined: 'Ditolak', cancelled: 'Dibatalkan', refunded: 'Refund',
    all: 'Semua status',
  },
  /** An uploaded answer file without a name of its own. */
  file: 'Berkas',
} as const;

/**
 * The Persetujuan tab (API.md, Seats): registrations waiting for the organizer's decision. Our own
 * texts, not the spec's; `{n}`, `{name}` and `{count}` are filled in by the screen.
 */
export const PENDING_TEXT = {
  title: 'Menunggu Persetujuan',
  intro: 'Pendaftaran untuk tiket yang memerlukan persetujuan. Pendaftar menerima email berisi keputusanmu.',
  empty: 'Tidak ada pendaftaran yang menunggu persetujuan',
  approve: 'Setujui',
  decline: 'Tolak',
  /** A row's own buttons and checkbox, named with the person. */
  approveOne: 'Setujui {name}',
  declineOne: 'Tolak {name}',
  selectOne: 'Pilih {name}',
  selected: '{n} dipilih',
  actions: 'Aksi',
  declineTitle: 'Tolak pendaftaran',
  /** Who the decline dialog is about: one name, or how many. */
  declineWho: 'Pendaftaran {name} akan ditolak.',
  declineMany: '{n} pendaftaran akan ditolak.',
  reason: 'Alasan (opsional, dikirim ke pendaftar)',
  cancel: 'Batal',
  approved: '{n} disetujui',
  declined: '{n} ditolak',
  /** Those the decision left as they were, each with why. */
  refusedTitle: '{n} pendaftaran tidak diproses',
  refused: { TICKET_SOLD_OUT: '{name}: kuota tiket habis', NOT_PENDING: '{name}: sudah tidak menunggu' },
} as const;

/**
 * The Daftar Tunggu tab (API.md, Seats): the event's waiting list in the order people joined. Our
 * own texts, not the spec's; `{name}` and `{hours}` are filled in by the screen.
 */
export const WAITLIST_TEXT = {
  title: 'Daftar Tunggu',
  intro: 'Kursi yang kosong ditawarkan otomatis ke urutan pertama selama {hours} jam.',
  empty: 'Belum ada yang masuk daftar tunggu',
  columns: {
    position: 'Posisi', name: 'Nama', email: 'Email', ticket: 'Tiket', status: 'Status', offeredUntil: 'Batas tawaran', createdAt: 'Bergabung', actions: 'Aksi',
  },
  statuses: { waiting: 'Menunggu', offered: 'Ditawari', accepted: 'Diterima', expired: 'Kedaluwarsa', removed: 'Dihapus' },
  remove: 'Hapus',
  /** A row's button, named with the person. */
  removeOne: 'Hapus {name}',
  removeConfirm: 'Hapus {name} dari daftar tunggu? Kursi yang sedang ditawarkan akan diberikan ke orang berikutnya.',
  cancel: 'Batal',
  removed: '{name} dihapus dari daftar tunggu',
} as const;

/**
 * Batalkan in the Participant tab (API.md, Seats): the organizer cancels a free registration and
 * the person is mailed the reason. Our own texts; `{name}` is filled in by the screen.
 */
export const REGISTRANT_CANCEL_TEXT = {
  actions: 'Aksi',
  cancel: 'Batalkan',
  /** A row's button, named with the person. */
  cancelOne: 'Batalkan pendaftaran {name}',
  title: 'Batalkan pendaftaran',
  who: 'Pendaftaran {name} akan dibatalkan dan kursinya dilepas untuk peserta lain.',
  reason: 'Alasan (opsional, dikirim ke peserta)',
  confirm: 'Batalkan pendaftaran',
  back: 'Kembali',
  done: 'Pendaftaran {name} dibatalkan',
} as const;

/** Insight tab texts (spec section 2, Insight). */
export const INSIGHT_TEXT = {
  series: 'Data insight',
  views: 'Views',
  saved: 'Saved',
  registrants: 'Pendaftar',
  twibbon: 'Unduhan Twibbon',
  titles: { views: 'Views', saved: 'Saved', registrants: 'Pendaftar', twibbon: 'Unduhan Twibbon' },
  prev: '10 hari sebelumnya',
  next: '10 hari berikutnya',
  pies: { education: 'Tingkat Pendidikan Pendaftar', gender: 'Jenis Kelamin Pendaftar' },
  noData: 'No Data',
  /** The chart's text for screen readers: what it shows and the window's total. */
  chartLabel: '{title} {from} – {to}: total {total}',
  /** Attendance: who of the registrants checked in, and in which WIB hour. */
  attendance: {
    title: 'Kehadiran Peserta',
    count: '{checkedIn} / {registered} hadir ({percent}%)',
    byHour: 'Check-in per Jam (WIB)',
    tooltip: 'Check-in',
    empty: 'Belum ada peserta yang check-in',
  },
} as const;

/** The admin's review screen (`/admin/review`); not in the spec (API.md, Admin). */
/** An approved event's public-facing edit waiting for the admin: the organizer's notice and the admin's queue. */
export const REVISION_TEXT = {
  noticeTitle: 'Perubahan menunggu review admin',
  notice: (parts: string, at: string) =>
    `Disimpan ${at}. Bagian berikut tetap tampil seperti versi yang sudah disetujui sampai admin menyetujui perubahannya: ${parts}. Perubahan lain sudah berlaku.`,
  queueTitle: 'Revisi event',
  queueIntro: 'Perubahan pada event yang sudah tampil. Versi yang disetujui tetap tampil sampai revisi disetujui.',
  queueEmpty: 'Tidak ada revisi yang menunggu review',
  queueTotal: (n: number) => `${n} revisi menunggu review`,
  submittedAt: 'Dikirim',
  before: 'Sebelum',
  after: 'Sesudah',
  empty: '(kosong)',
  approve: 'SETUJUI REVISI',
  reject: 'TOLAK REVISI',
  approveTitle: 'Setujui revisi ini?',
  approveBody: (name: string) => `Perubahan pada "${name}" akan langsung tampil di platform. Penyelenggara diberi tahu lewat email.`,
  rejectTitle: 'Tolak revisi',
  rejectOk: 'TOLAK REVISI',
} as const;

export const REVIEW_TEXT = {
  menu: LAYOUT_TEXT.menu.review,
  title: 'Review Event',
  intro: 'Event yang sudah disubmit menunggu persetujuan: baru setelah disetujui event tampil dan menerima pendaftaran di platform.',
  empty: 'Tidak ada event yang menunggu review',
  approve: 'SETUJUI',
  reject: 'TOLAK',
  view: 'Lihat Overview',
  organizer: 'Penyelenggara',
  account: 'Akun',
  waitingSince: 'Menunggu sejak',
  firstDate: 'Tanggal event',
  paid: 'Berbayar',
  free: 'Gratis',
  total: (n: number) => `${n} event menunggu review`,
  approveTitle: 'Setujui event ini?',
  approveBody: (name: string) => `"${name}" akan tampil di platform dan menerima pendaftaran. Penyelenggara diberi tahu lewat email.`,
  approveOk: 'SETUJUI',
  cancel: 'BATAL',
  rejectTitle: 'Tolak event',
  reason: 'Alasan penolakan',
  reasonHint: 'Alasan ini dikirim ke penyelenggara lewat email, apa adanya.',
  rejectOk: 'TOLAK EVENT',
  tabEvents: 'Event baru',
  tabRevisions: 'Revisi',
} as const;
