/**
 * Texts of the registration form on the public event page (`/e/{eventId}#daftar`), rendered on
 * the server and read by its small script. Apart from the dashboard's messages, so the script
 * shares no chunk with the dashboard's bundle.
 */
export const PUBLIC_FORM_TEXT = {
  heading: 'Formulir pendaftaran',
  intro: 'Isi data diri kamu. E-tiket dikirim ke email yang kamu tulis.',
  noScript: 'Aktifkan JavaScript di browser kamu untuk mendaftar.',
  ticket: 'Kategori peserta',
  name: 'Nama lengkap',
  email: 'Email',
  phone: 'Nomor HP (WhatsApp)',
  phoneHint: 'Contoh: +62 812 3456 7890',
  lastEducation: 'Pendidikan terakhir',
  choose: 'Pilih',
  gender: 'Jenis kelamin',
  questions: 'Pertanyaan dari penyelenggara',
  optional: '(opsional)',
  fileHint: 'PNG, JPG atau PDF, maksimal {mb} MB per file',
  imageHint: 'PNG atau JPG, maksimal {mb} MB',
  fileCountHint: 'Maksimal {n} file',
  honeypot: 'Jangan isi kolom ini',
  submit: 'Daftar sekarang',
  submitting: 'Mendaftarkan…',
  uploading: 'Mengunggah file…',
  required: '{name} wajib diisi',
  chooseTicket: 'Pilih kategori peserta',
  emailInvalid: 'Format email tidak valid',
  phoneInvalid: 'Nomor HP harus diawali +62, 62 atau 08',
  tooLong: '{name} maksimal {n} karakter',
  tooManyFiles: 'Maksimal {n} file untuk "{name}"',
  fileTooBig: 'Ada file yang lebih dari {mb} MB untuk "{name}"',
  fileType: 'Jenis file untuk "{name}" tidak sesuai',
  fixFields: 'Periksa kembali isian yang ditandai.',
  network: 'Koneksi terputus. Periksa internet kamu lalu coba lagi.',
  failed: 'Pendaftaran gagal. Coba lagi sebentar lagi.',
  done: 'Pendaftaran berhasil! Membuka e-tiket kamu…',
  /** The banner of the e-ticket page right after registering (`?baru=1`). */
  registered: 'Pendaftaran berhasil. E-tiket ini juga sudah dikirim ke email kamu.',
} as const;

/**
 * The event page's "Kirim ulang e-tiket" form and the API's answer to it. The answer is one text
 * whether or not the email holds a ticket, so neither the page nor the API tells who registered.
 */
export const PUBLIC_RESEND_TEXT = {
  heading: 'Belum menerima e-tiket?',
  intro: 'Tulis email yang kamu pakai saat mendaftar. E-tiketnya kami kirim ulang ke email itu.',
  email: 'Email pendaftaran',
  submit: 'Kirim ulang e-tiket',
  submitting: 'Mengirim…',
  sent: 'Jika email tersebut terdaftar di event ini, e-tiket akan dikirim ulang dalam beberapa menit.',
  failed: 'Permintaan gagal. Coba lagi sebentar lagi.',
} as const;
