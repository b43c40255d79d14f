/** The embedded registration form (API.md, Integrations): what the frame says beside the form. */
export const EMBED_TEXT = {
  /** The frame's accessible name on the host page, unless the script tag's `data-title` says another. */
  frameTitle: 'Formulir pendaftaran event',
  closed: 'Pendaftaran event ini sedang tidak dibuka.',
  eventPage: 'Lihat halaman event',
  fullTicket: 'Buka e-tiket lengkap',
  fullTicketHint: 'Di e-tiket lengkap kamu juga bisa menambahkannya ke kalender, mengisi presensi dan evaluasi, atau membatalkan pendaftaran.',
} as const;
