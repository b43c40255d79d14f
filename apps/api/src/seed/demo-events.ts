/**
 * The demo organization's events, relative to the day the seed runs. Covers the categories
 * of spec section 3, paid and free, internal and external registration, approved and pending,
 * active, draft and past.
 */
export interface DemoTicket {
  name: string;
  price: number; // 0 = free
  quota: number; // -1 = unlimited
  maxPerUser?: number;
  /** Event days relative to today (negative = past), with WIB hours. */
  days: number[];
  hours: [string, string];
  /** Registration closes this many days before the first event day. */
  deadlineDaysBefore?: number;
  fakePrice?: number;
}

export interface DemoEvent {
  owner: 'organizer@demo.id' | 'organizer2@demo.id';
  createdDaysAgo: number;
  draft?: boolean;
  approved?: boolean;
  name: string;
  type: string;
  /** A listed sub-category of the type. */
  subCategory?: string;
  /** Listed competition fields (Lomba). */
  competitionField?: string[];
  method: 'internal' | 'external' | 'none';
  experience: 'online' | 'offline';
  location?: string;
  coords?: [number, number];
  description: string;
  tickets: DemoTicket[];
  registrants?: number;
  refundRate?: number;
  discountRate?: number;
  /** Peak views per day. */
  views?: number;
  withQuestion?: boolean;
  /** Its sessions: a day relative to today and WIB hours each, inside its tickets' dates. */
  sessions?: { name: string; day: number; hours: [string, string] }[];
}

const ORG = 'organizer@demo.id' as const;
const ORG2 = 'organizer2@demo.id' as const;

export const DEMO_EVENTS: DemoEvent[] = [
  // Active
  {
    owner: ORG, createdDaysAgo: 26, approved: true, name: 'Webinar Nasional: Cerdas Mengelola Keuangan di Usia Muda',
    type: 'Seminar', subCategory: 'Keuangan', method: 'internal', experience: 'online',
    description: 'Belajar menyusun anggaran, menabung dan mulai berinvestasi bersama praktisi keuangan muda.',
    tickets: [{ name: 'Peserta Umum', price: 0, quota: 500, days: [9], hours: ['19:00', '21:00'], deadlineDaysBefore: 0 }],
    registrants: 140, views: 90, withQuestion: true,
  },
  {
    owner: ORG, createdDaysAgo: 30, approved: true, name: 'Lomba Debat Bahasa Indonesia Tingkat SMA se-Jawa 2026',
    type: 'Lomba', subCategory: 'Debat', competitionField: ['Ilmu Sosial'],
    method: 'internal', experience: 'offline', location: 'Universitas Indonesia, Depok, Jawa Barat', coords: [-6.3628, 106.8269],
    description: 'Kompetisi debat beregu untuk siswa SMA/SMK dengan mosi seputar isu sosial dan kebijakan publik.',
    tickets: [
      { name: 'Early Bird Tim', price: 75000, quota: 40, maxPerUser: 2, days: [20, 21], hours: ['08:00', '17:00'], deadlineDaysBefore: 14, fakePrice: 100000 },
      { name: 'Reguler Tim', price: 100000, quota: 60, maxPerUser: 2, days: [20, 21], hours: ['08:00', '17:00'], deadlineDaysBefore: 3 },
    ],
    registrants: 85, refundRate: 0.06, discountRate: 0.15, views: 70,
  },
  {
    owner: ORG, createdDaysAgo: 18, approved: true, name: 'Beasiswa Pemimpin Muda Nusantara 2027',
    type: 'Beasiswa', subCategory: 'S1 Dalam Negeri', method: 'external', experience: 'online',
    description: 'Beasiswa penuh S1 dalam negeri beserta program pembinaan kepemimpinan selama masa studi.',
    tickets: [{ name: 'Pendaftar Beasiswa', price: 0, quota: -1, days: [45], hours: ['09:00', '12:00'], deadlineDaysBefore: 10 }],
    views: 120,
  },
  {
    owner: ORG, createdDaysAgo: 12, approved: false, name: 'Volunteer Aksi Bersih Pantai Kuta',
    type: 'Volunteer', subCategory: 'Lingkungan', method: 'internal', experience: 'offline',
    location: 'Pantai Kuta, Badung, Bali', coords: [-8.7184, 115.1686],
    description: 'Bergabung bersama ratusan relawan membersihkan pesisir Kuta dan belajar pengelolaan sampah laut.',
    tickets: [{ name: 'Relawan', price: 0, quota: 150, maxPerUser: 1, days: [15], hours: ['06:00', '11:00'], deadlineDaysBefore: 2 }],
    registrants: 45, views: 40,
  },
  {
    owner: ORG, createdDaysAgo: 22, approved: true, name: 'Kelas Intensif UI/UX Design untuk Pemula',
    type: 'Kelas', method: 'internal', experience: 'online',
    description: 'Empat sesi praktik merancang aplikasi dari riset pengguna hingga prototipe interaktif.',
    tickets: [{ name: 'Kelas Lengkap', price: 149000, quota: 80, maxPerUser: 1, days: [6, 7, 13, 14], hours: ['13:00', '16:00'], deadlineDaysBefore: 1, fakePrice: 250000 }],
    sessions: [
      { name: 'Sesi 1: Riset pengguna', day: 6, hours: ['13:00', '16:00'] },
      { name: 'Sesi 2: Wireframe dan alur', day: 7, hours: ['13:00', '16:00'] },
      { name: 'Sesi 3: Desain visual', day: 13, hours: ['13:00', '16:00'] },
      { name: 'Sesi 4: Prototipe interaktif', day: 14, hours: ['13:00', '16:00'] },
    ],
    registrants: 55, refundRate: 0.05, discountRate: 0.2, views: 60,
  },
  // Drafts
  {
    owner: ORG, createdDaysAgo: 5, draft: true, name: 'Call for Paper: Riset Energi Terbarukan Mahasiswa',
    type: 'Paper', subCategory: 'Nasional', method: 'internal', experience: 'online',
    description: 'Konferensi makalah mahasiswa tentang energi terbarukan.',
    tickets: [{ name: 'Penulis', price: 50000, quota: 100, days: [60], hours: ['09:00', '15:00'], deadlineDaysBefore: 20 }],
  },
  {
    owner: ORG, createdDaysAgo: 2, draft: true, name: 'Pertunjukan Teater Remaja "Suara dari Timur"',
    type: 'Pertunjukan', method: 'none', experience: 'offline', location: 'Taman Ismail Marzuki, Jakarta Pusat',
    description: '', tickets: [],
  },
  // Past
  {
    owner: ORG, createdDaysAgo: 75, approved: true, name: 'Lomba Karya Tulis Ilmiah Nasional 2026',
    type: 'Lomba', subCategory: 'Karya Tulis Ilmiah', competitionField: ['Sains', 'Teknologi'],
    method: 'internal', experience: 'online',
    description: 'Kompetisi karya tulis ilmiah untuk mahasiswa dengan tema inovasi berkelanjutan.',
    tickets: [{ name: 'Tim Mahasiswa', price: 125000, quota: 150, maxPerUser: 1, days: [-12], hours: ['08:00', '16:00'], deadlineDaysBefore: 20 }],
    registrants: 110, refundRate: 0.04, discountRate: 0.1, views: 80, withQuestion: true,
  },
  {
    owner: ORG, createdDaysAgo: 60, approved: true, name: 'Seminar Kesehatan Mental Mahasiswa',
    type: 'Seminar', subCategory: 'Kesehatan Mental', method: 'internal', experience: 'offline',
    location: 'Gedung Sate, Bandung, Jawa Barat', coords: [-6.9025, 107.6188],
    description: 'Diskusi bersama psikolog tentang stres akademik, burnout dan cara meminta bantuan.',
    tickets: [{ name: 'Mahasiswa', price: 0, quota: 300, days: [-20], hours: ['09:00', '12:00'], deadlineDaysBefore: 1 }],
    registrants: 95, views: 50,
  },
  {
    owner: ORG, createdDaysAgo: 50, approved: true, name: 'Konser Amal Pelajar untuk Pendidikan',
    type: 'Pertunjukan', method: 'internal', experience: 'offline', location: 'Jogja Expo Center, Yogyakarta', coords: [-7.7986, 110.4028],
    description: 'Konser musik pelajar yang seluruh hasil penjualan tiketnya disalurkan untuk beasiswa sekolah.',
    tickets: [
      { name: 'Festival', price: 60000, quota: 200, maxPerUser: 4, days: [-5], hours: ['18:00', '22:00'], deadlineDaysBefore: 0 },
      { name: 'VIP', price: 150000, quota: 30, maxPerUser: 2, days: [-5], hours: ['18:00', '22:00'], deadlineDaysBefore: 0 },
    ],
    registrants: 70, refundRate: 0.08, views: 65,
  },
  {
    owner: ORG, createdDaysAgo: 45, approved: true, name: 'Program Magang Startup Batch 3',
    type: 'Magang', method: 'external', experience: 'online',
    description: 'Magang tiga bulan di startup teknologi mitra dengan mentor berpengalaman.',
    tickets: [{ name: 'Pelamar', price: 0, quota: -1, days: [-3], hours: ['09:00', '10:00'], deadlineDaysBefore: 7 }],
    views: 45,
  },
  // The second organizer
  {
    owner: ORG2, createdDaysAgo: 14, approved: true, name: 'Olimpiade Sains Pelajar Indonesia',
    type: 'Lomba', subCategory: 'Cerdas Cermat', competitionField: ['Sains'], method: 'internal', experience: 'online',
    description: 'Olimpiade matematika, fisika dan biologi daring untuk siswa SMP dan SMA.',
    tickets: [{ name: 'Peserta', price: 35000, quota: 300, maxPerUser: 1, days: [25], hours: ['08:00', '12:00'], deadlineDaysBefore: 5 }],
    registrants: 30, views: 30,
  },
  {
    owner: ORG2, createdDaysAgo: 3, draft: true, name: 'Workshop Public Speaking',
    type: 'Kelas', method: 'internal', experience: 'offline', location: 'Surabaya',
    description: 'Latihan berbicara di depan umum.', tickets: [],
  },
  {
    owner: ORG2, createdDaysAgo: 70, approved: true, name: 'Bootcamp Data Science Akhir Pekan',
    type: 'Kelas', method: 'internal', experience: 'online',
    description: 'Bootcamp dua akhir pekan: Python, analisis data dan machine learning dasar.',
    tickets: [{ name: 'Peserta Bootcamp', price: 200000, quota: 50, maxPerUser: 1, days: [-30, -29], hours: ['09:00', '15:00'], deadlineDaysBefore: 3 }],
    registrants: 24, views: 20,
  },
];

export const FIRST_NAMES = [
  'Aditya', 'Ayu', 'Bagus', 'Bunga', 'Citra', 'Dimas', 'Dewi', 'Eka', 'Fajar', 'Fitri', 'Gilang', 'Hana', 'Indra',
  'Intan', 'Joko', 'Kartika', 'Lestari', 'Muhammad', 'Nadia', 'Putri', 'Rizky', 'Rina', 'Sari', 'Taufik', 'Wulan',
  'Yoga', 'Zahra', 'Bayu', 'Nurul', 'Agus', 'Salsabila', 'Reza', 'Annisa', 'Hendra', 'Kevin', 'Maria', 'Yohanes',
];
export const LAST_NAMES = [
  'Pratama', 'Saputra', 'Wijaya', 'Lestari', 'Kusuma', 'Hidayat', 'Nugroho', 'Santoso', 'Permata', 'Siregar',
  'Nasution', 'Wibowo', 'Rahmawati', 'Utami', 'Simanjuntak', 'Halim', 'Setiawan', 'Maharani', 'Sitompul', 'Gunawan',
];
/** Weighted towards the platform's young audience. */
export const EDUCATION_WEIGHTS: [string, number][] = [['SMP', 6], ['SMA/SMK', 38], ['D3', 8], ['S1', 40], ['S2', 7], ['S3', 1]];
export const GENDER_WEIGHTS: [string, number][] = [['Perempuan', 55], ['Laki-laki', 45]];
