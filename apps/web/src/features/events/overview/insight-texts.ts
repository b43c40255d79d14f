/** Insight tab texts (spec section 2, Insight). */
export const INSIGHT_TEXT = {
  series: 'Data insight',
  views: 'Views',
  saved: 'Saved',
  registrants: 'Pendaftar',
  titles: { views: 'Views', saved: 'Saved', registrants: 'Pendaftar' },
  prev: '10 hari sebelumnya',
  next: '10 hari berikutnya',
  pies: { education: 'Tingkat Pendidikan Pendaftar', gender: 'Jenis Kelamin Pendaftar' },
  noData: 'No Data',
} as const;
