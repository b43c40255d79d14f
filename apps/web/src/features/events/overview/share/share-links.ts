import { fill, publicEventPath, SHARE_TEXT } from '@eo/contract';

/** The event's public page on this app's origin (the API serves `/e/{id}` beside the dashboard). */
export const publicEventUrl = (eventId: string, origin = window.location.origin) => `${origin}${publicEventPath(eventId)}`;

/** WhatsApp's share link: the event's name and its link as the message. */
export const whatsappShareUrl = (name: string, url: string) => `https://wa.me/?text=${encodeURIComponent(fill(SHARE_TEXT.whatsappText, { name, url }))}`;

/** `qr-lomba-esai-nasional.png`: the downloaded QR image's name. */
export const qrFileName = (name: string) => `qr-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'event'}.png`;

/** Bagikan is offered only for an event the public can open: published and approved. */
export const isShareable = (event: { isDraft: boolean; approvedStatus: string | null; deletedAt?: string | null }) =>
  !event.isDraft && event.approvedStatus === 'approved' && !event.deletedAt;
