/** Login screen texts (spec section 2, Login). */
export const AUTH_TEXT = {
  title: 'Selamat Datang di Event Organizer Dashboard',
  subtitle: 'Masuk untuk mengelola event, peserta dan penjualan tiketmu.',
  email: 'Email',
  emailPlaceholder: 'nama@email.com',
  password: 'Password',
  passwordPlaceholder: 'Masukkan password',
  submit: 'Login',
  copyright: (year: number) => `Copyright © ${year} Event Organizer Dashboard. All rights reserved.`,
  logout: 'Logout',
} as const;
