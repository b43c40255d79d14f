import type { ListGroup } from './list-params';

/** Event list texts (spec section 2, Lists). */
export const LIST_TEXT = {
  title: { active: 'Event Aktif', draft: 'Event Draf', history: 'Event Riwayat' } satisfies Record<ListGroup, string>,
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
  } satisfies Record<ListGroup, string>,
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
