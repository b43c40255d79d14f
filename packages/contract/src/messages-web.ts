/*
 * The web's own texts (labels, headings, buttons), beside the spec's messages (messages.ts):
 * one place for every text the dashboard shows, so a language switch finds them all. Split by
 * where they are shown: a module's texts load with the first screen that uses any of them, and
 * this one (frame and sign-in) is part of /login's budget (docs/performance.md).
 */

/** The frame around every screen: side menu, header, the not-found page. */
export const LAYOUT_TEXT = {
  brand: 'EO Dashboard',
  /** The side menu's entries (spec section 2, Layout), and the admin's review (ours). */
  menu: {
    dashboard: 'Dashboard', event: 'Event', active: 'Aktif', draft: 'Draf', history: 'Riwayat', payout: 'Penarikan Saldo',
    certificate: 'Event Certificate', review: 'Review Event',
  },
  mainMenu: 'Menu utama',
  openMenu: 'Buka menu',
  closeMenu: 'Tutup menu',
  expandMenu: 'Lebarkan menu',
  collapseMenu: 'Ciutkan menu',
  notFound: 'Halaman tidak ditemukan.',
  backToDashboard: 'Kembali ke Dashboard',
} as const;

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
  /** The link under the password field to /forgot-password. */
  forgotPassword: 'Lupa password?',
} as const;
