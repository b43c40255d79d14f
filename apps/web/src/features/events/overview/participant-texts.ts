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
  columns: { no: 'No', createdAt: 'Tanggal Daftar', name: 'Nama', email: 'Email', phone: 'No Telp', ticket: 'Jenis Tiket' },
} as const;
