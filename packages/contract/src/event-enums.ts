/** Event enumerations of spec section 3. */
export const FORM_CATEGORIES = ['Webinar', 'Lomba', 'Beasiswa', 'Volunteer', 'Paper', 'Pertukaran Pelajar', 'Lainnya'] as const;
/** Offered only when editing an existing event. */
export const EDIT_ONLY_CATEGORIES = ['Pertukaran Pelajar'] as const;

export const SUB_CATEGORIES: Record<string, readonly string[]> = {
  Lomba: ['MUN', 'Public Speaking', 'Puisi', 'Debat', 'Esai', 'Business Case', 'Karya Tulis Ilmiah', 'Cerdas Cermat', 'Olahraga', 'Seni', 'Kesehatan', 'Lainnya'],
  Beasiswa: ['S1 Dalam Negeri', 'S1 Luar Negeri', 'S2 Dalam Negeri', 'S2 Luar Negeri', 'S3 Dalam Negeri', 'S3 Luar Negeri', 'SMA Dalam Negeri', 'SMA Luar Negeri', 'Lainnya'],
  Webinar: ['Pengembangan Diri', 'Keuangan', 'Kesehatan Mental', 'Kesehatan', 'Aktivisme dan Pembahasan Isu', 'Teknologi', 'Lainnya'],
  Volunteer: ['Lingkungan', 'Kesehatan', 'Pendidikan', 'Pemberdayaan', 'Lainnya'],
  Paper: ['Internasional', 'Nasional', 'Lainnya'],
};
/** Seminar is stored for older events and shown as Webinar; it asks the Webinar sub-categories. */
export const subCategoriesOf = (type: string | null | undefined) => SUB_CATEGORIES[type === 'Seminar' ? 'Webinar' : (type ?? '')];

export const COMPETITION_FIELDS = ['Teknik', 'Ekonomi', 'Teknologi', 'Hukum', 'Ilmu Sosial', 'Sastra', 'Sains', 'Lainnya'] as const;

export const BENEFITS = [
  '__FREE_CERTIFICATE__', '__CERTIFICATE_FOR_WINNERS__', '__MONEY_FOR_WINNERS__',
  '__HANDOUT_MATERIALS__', '__EXPERIENCE_BUILDING_CV__', '__FREE_NETWORKING__',
] as const;
export const ELIGIBILITIES = [
  '__PUBLIC__', '__FRESH_GRADUATE__', '__COLLEGE_STUDENT__', '__FINAL_YEAR_STUDENT__',
  '__NON_FINAL_YEAR_STUDENT__', '__HIGH_SCHOOL__', '__SECONDARY_SCHOOL__',
] as const;
export const STEPS_TO_REGISTER = ['__UPLOAD_TWIBBON__', '__TAKE_SCREENSHOT__', '__PREPARE_ADMISSION_DOCUMENT__'] as const;
export const AFTER_REGIST_STEPS = ['__JOIN_WHATSAPP_GROUP__', '__FILL_FEEDBACK_FORM__', '__GET_YOUR_CERTIFICATE__'] as const;

/** Categories whose display name differs from the stored type. */
export const CATEGORY_DISPLAY: Record<string, string> = { Seminar: 'Webinar', 'Pertukaran Pelajar': 'Exchange' };
export const categoryLabel = (type: string | null | undefined) => (type ? CATEGORY_DISPLAY[type] ?? type : '-');

/** Readable text of the stored `__CONSTANT__` values (wizard checkboxes, review, overview). */
export const CONSTANT_LABELS: Record<string, string> = {
  __FREE_CERTIFICATE__: 'Sertifikat gratis',
  __CERTIFICATE_FOR_WINNERS__: 'Sertifikat untuk pemenang',
  __MONEY_FOR_WINNERS__: 'Uang tunai untuk pemenang',
  __HANDOUT_MATERIALS__: 'Materi / handout',
  __EXPERIENCE_BUILDING_CV__: 'Pengalaman untuk CV',
  __FREE_NETWORKING__: 'Networking gratis',
  __PUBLIC__: 'Everyone can join',
  __FRESH_GRADUATE__: 'Fresh graduate',
  __COLLEGE_STUDENT__: 'Mahasiswa',
  __FINAL_YEAR_STUDENT__: 'Mahasiswa tingkat akhir',
  __NON_FINAL_YEAR_STUDENT__: 'Mahasiswa bukan tingkat akhir',
  __HIGH_SCHOOL__: 'Siswa SMA/SMK',
  __SECONDARY_SCHOOL__: 'Siswa SMP',
  __UPLOAD_TWIBBON__: 'Upload twibbon',
  __TAKE_SCREENSHOT__: 'Screenshot bukti pendaftaran',
  __PREPARE_ADMISSION_DOCUMENT__: 'Siapkan dokumen pendaftaran',
  __JOIN_WHATSAPP_GROUP__: 'Bergabung ke grup WhatsApp',
  __FILL_FEEDBACK_FORM__: 'Mengisi form feedback',
  __GET_YOUR_CERTIFICATE__: 'Mendapatkan sertifikat',
};
/** A stored value as text: constants by their label, custom values capitalised (spec section 3). */
export const constantLabel = (v: string) => CONSTANT_LABELS[v] ?? (v ? v.charAt(0).toUpperCase() + v.slice(1) : v);
