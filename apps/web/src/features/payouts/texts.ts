/**
 * Texts of the withdrawal and payout screens (spec section 2, Withdrawal). The spec's own
 * messages (rules, toasts, refusals) come from the contract's WITHDRAW_MSG / WITHDRAW_OWN_MSG.
 */
export const PAYOUT_TEXT = {
  // The list words are the side menu's (Aktif, Draf, Riwayat): the list the event is in.
  crumbs: { root: 'Event', active: 'Aktif', history: 'Riwayat', draft: 'Draf' },
  withdrawalTitle: 'Tarik Penjualan',
  payoutTitle: 'Penarikan Saldo',
  loadFailed: 'Data penarikan tidak dapat dimuat',
  // Balance
  balance: 'Saldo Penjualan',
  coinStatus: 'Status',
  coinStatusLabel: { 'Not Processed': 'Siap ditarik', Processing: 'Sedang diproses' } as Record<string, string>,
  coinNotReady: 'Belum bisa ditarik',
  // Bank account
  bankTitle: 'Rekening Bank',
  bank: 'Nama Bank',
  bankPlaceholder: 'Pilih bank',
  accountName: 'Nama Pemilik Rekening',
  accountNumber: 'Nomor Rekening',
  editBank: 'Ubah Rekening',
  saveBank: 'Simpan Rekening',
  cancel: 'Batal',
  banksFailed: 'Daftar bank tidak dapat dimuat',
  savedBanks: 'Rekening tersimpan',
  savedBanksPlaceholder: 'Pilih rekening dari event lain',
  useSavedBank: 'Pakai Rekening Ini',
  orNewBank: 'atau isi rekening baru:',
  // Request
  requestTitle: 'Ajukan Penarikan',
  amount: 'Jumlah Penarikan',
  currency: 'Rp',
  withdrawAll: 'Tarik semua saldo',
  submit: 'Tarik Saldo',
  // Verification
  verifyTitle: 'Verifikasi Penarikan',
  code: 'Kode verifikasi',
  verify: 'Verifikasi',
  resend: 'Kirim ulang kode',
  resendIn: (s: number) => `Kirim ulang kode (${s} dtk)`,
  waiting: (amount: string) => `Penarikan ${amount} menunggu kode verifikasi dari email kamu.`,
  enterCode: 'Masukkan kode verifikasi',
  // History
  historyTitle: 'Riwayat Penarikan',
  columns: { date: 'Tanggal', reference: 'No. Referensi', event: 'Event', amount: 'Jumlah', status: 'Status', sentAt: 'Tanggal Dikirim', action: 'Aksi' },
  view: 'Lihat',
  noData: 'No Data',
  none: '-',
  // Receipt
  receiptTitle: 'Bukti Penarikan',
  receipt: {
    reference: 'No. Referensi', event: 'Event', createdAt: 'Tanggal Pengajuan', sentAt: 'Tanggal Dikirim', status: 'Status',
    totalSales: 'Total Penjualan', paymentFee: 'Biaya Pembayaran', totalCleanReception: 'Total Penerimaan Bersih',
    amount: 'Jumlah Ditarik', bankName: 'Bank', accountNumber: 'Nomor Rekening', accountName: 'Nama Pemilik Rekening',
  },
  close: 'Tutup',
  // Payout page and drawer
  openDrawer: 'Pilih Event untuk Ditarik',
  drawerTitle: 'Event yang Bisa Ditarik',
  lastEvent: 'Event terakhir',
  available: 'Saldo',
  withdrawLink: 'TARIK SALDO',
  noAvailable: 'Belum ada event yang saldonya bisa ditarik saat ini',
  prev: 'Prev',
  next: 'Next',
} as const;
