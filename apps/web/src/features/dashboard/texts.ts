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
