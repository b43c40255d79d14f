import { unlinkable } from '../../../lib/unlinkable.js';

export interface CertificateSender { name: string; account: string; email: string }

/**
 * The certificate mail, in Indonesian (one place, for a later language switch). It names the
 * organizer who sent it (the event's organizer and the account that published), and nothing
 * anyone typed (event, names) can become a link: every link-looking run in it is defanged, so
 * the platform's own verify link is the only one a mail client shows.
 */
export function certificateMail(m: { eventName: string; name: string; serial: string; link: string; sender: CertificateSender }) {
  const event = unlinkable(m.eventName || 'acara kami');
  const name = unlinkable(m.name);
  const organizer = unlinkable(m.sender.name);
  const account = unlinkable(`${m.sender.account} <${m.sender.email}>`);
  return {
    subject: `Sertifikat ${event} untuk ${name}`,
    text: [
      `Halo ${name},`,
      '',
      `Terima kasih telah berpartisipasi dalam ${event}. Sertifikat kamu terlampir dalam email ini (PDF).`,
      '',
      `Nomor sertifikat: ${unlinkable(m.serial)}`,
      `Cek keaslian sertifikat: ${m.link}`,
      '',
      'Salam,',
      `Panitia ${event}`,
      '',
      '--',
      `Sertifikat ini dikirim oleh penyelenggara ${organizer} (akun ${account}) melalui EO Dashboard.`,
      'EO Dashboard tidak menulis isi sertifikat ini. Balasan email ini diteruskan ke penyelenggara.',
    ].join('\n'),
  };
}
