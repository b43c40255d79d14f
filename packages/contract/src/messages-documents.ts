/**
 * Texts of the documents the API writes (the invoice PDF), beside the other messages so that a
 * language switch finds them; `{name}` placeholders are filled with `fill`.
 */
export const INVOICE_TEXT = {
  title: 'INVOICE',
  invoiceNo: 'No. Invoice',
  date: 'Tanggal',
  status: 'Status',
  paid: 'Lunas',
  refund: 'Refund',
  transactionId: 'ID Transaksi',
  event: 'Event',
  buyerName: 'Nama Pembeli',
  email: 'Email',
  phone: 'No Telp',
  ticketType: 'Jenis Tiket',
  quantity: 'Jumlah',
  unitPrice: 'Harga Satuan',
  subtotal: 'Subtotal',
  gross: 'Harga Kotor',
  discount: 'Diskon',
  discountWithCode: 'Diskon ({code})',
  total: 'Total Dibayar',
  refunded: 'Dikembalikan',
  timeZone: '{time} WIB',
  footer: 'Dokumen ini dibuat otomatis oleh {platform} dan sah tanpa tanda tangan.',
  /** The stamp across a refunded invoice. */
  refundStamp: 'REFUND',
} as const;
