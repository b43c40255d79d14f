/** The certificate mail, in Indonesian (one place, for a later language switch). */
export function certificateMail(m: { eventName: string; name: string; serial: string; link: string }) {
  const event = m.eventName || 'acara kami';
  return {
    subject: `Sertifikat ${event} untuk ${m.name}`,
    text: [
      `Halo ${m.name},`,
      '',
      `Terima kasih telah berpartisipasi dalam ${event}. Sertifikat kamu terlampir dalam email ini (PDF).`,
      '',
      `Nomor sertifikat: ${m.serial}`,
      `Cek keaslian sertifikat: ${m.link}`,
      '',
      'Salam,',
      `Panitia ${event}`,
    ].join('\n'),
  };
}
