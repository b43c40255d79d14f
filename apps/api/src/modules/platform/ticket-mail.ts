import { fill, MAIL_MSG as M } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { escapeHtml, safeHref } from '../../lib/public-html.js';
import { unlinkable } from '../../lib/unlinkable.js';
import { ticketDays, type MergeSource } from '../messages/message-render.js';

/** The e-ticket's own page: `/e/{eventId}/ticket/{ticketCode}`. */
export const ticketPageUrl = (publicUrl: string, eventId: string, ticketCode: string) =>
  `${publicUrl}/e/${encodeURIComponent(eventId)}/ticket/${encodeURIComponent(ticketCode)}`;

export interface TicketMailInput {
  to: string;
  name: string;
  eventId: string;
  eventName: string;
  category: string;
  ticketCode: string;
  publicUrl: string;
  /** The ticket's days (WIB), and where: a place, or online with the organizer's link to join. */
  dates: MergeSource['dates'];
  online: boolean;
  location: string | null;
  streamLink: string | null;
}

/** Content id of the QR code image inside the mail's HTML. */
export const TICKET_QR_CID = 'eticket-qr@eo-dashboard';


/**
 * The e-ticket mail: event, when and where, category, participant, the ticket's link and a QR
 * code of its code (PNG, shown inline in the HTML part and attached as a file, so it can be
 * scanned from either). An online event's mail carries its link to join instead of the door's
 * instructions. Everything the organizer or participant typed is defanged (lib/unlinkable.ts) and
 * escaped in the HTML; the link to join, reviewed with the event, is the one typed link kept.
 */
/**
 * pngjs's options (qrcode passes them on; its types name only the deflate ones): PNG's Up filter
 * on every row, as the QR code's rows repeat `scale` times and Up turns the repeats into zeros.
 * pngjs's default tries all five filters on each row: 2.5 times the CPU (3.9 ms against 1.5 a
 * mail, on the main thread) for a 1.4 KB file instead of 3.7.
 */
const QR_PNG = { deflateLevel: 9, filterType: 2 };

export async function ticketMail(typed: TicketMailInput): Promise<OutgoingMail> {
  // Anyone may register any address on the public pages: what was typed (the participant's name,
  // the event's and category's) is defanged, so the ticket's own link is the only link in the mail.
  const input = { ...typed, name: unlinkable(typed.name), eventName: unlinkable(typed.eventName), category: unlinkable(typed.category) };
  const url = ticketPageUrl(input.publicUrl, input.eventId, input.ticketCode);
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toBuffer(input.ticketCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8, rendererOpts: QR_PNG });
  const join = input.online ? safeHref(typed.streamLink) : null;
  const place = input.online ? M.ticketOnline : unlinkable(typed.location ?? '') || '-';
  const details = [
    fill(M.helloName, { name: input.name }),
    '',
    fill(M.ticketIntro, { event: input.eventName }),
    fill(M.ticketEvent, { event: input.eventName }),
    fill(M.ticketWhen, { when: ticketDays(input.dates) }),
    fill(M.ticketPlace, { place }),
    fill(M.ticketCategory, { category: input.category }),
    fill(M.ticketName, { name: input.name }),
    fill(M.ticketCode, { code: input.ticketCode }),
    '',
  ];
  const how = input.online ? (join ? M.ticketOnlineNote : M.ticketOnlineNoLink) : M.ticketQr;
  const lines = [
    ...details,
    ...(join ? [fill(M.ticketJoin, { url: join })] : []),
    how,
    fill(M.ticketLink, { url }),
    '',
    M.ticketNotYou,
  ];
  const html = [
    ...details.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')),
    ...(join ? [`<p><a href="${escapeHtml(join)}">${escapeHtml(fill(M.ticketJoin, { url: join }))}</a></p>`] : []),
    `<p><img src="cid:${TICKET_QR_CID}" alt="QR ${escapeHtml(input.ticketCode)}" width="240" height="240"></p>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(fill(M.ticketLink, { url }))}</a></p>`,
    `<p>${escapeHtml(M.ticketNotYou)}</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: fill(M.ticketSubject, { event: input.eventName }),
    text: lines.join('\n'),
    html,
    attachments: [{ filename: `e-tiket-${input.ticketCode}.png`, content: qr, contentType: 'image/png', cid: TICKET_QR_CID }],
    // One registration, one mail, however often this runs.
    idempotencyKey: `eticket-${input.ticketCode}`,
  };
}
