import { BROADCAST_MSG as M, fill } from '@eo/contract';
import { escapeHtml as e, PUBLIC_FORM_STYLE, publicLayout } from '../../lib/public-html.js';

const head = `<title>${e(M.unsubscribeTitle)}</title><meta name="robots" content="noindex"><style>${PUBLIC_FORM_STYLE}</style>`;

/** Asks first: a mail scanner that opens links must not opt anyone out (the mail's one-click POST does, RFC 8058). */
export function unsubscribeAskPage(who: { organizer: string; email: string }): string {
  return publicLayout(head, `<form class="card" method="post"><h1>${e(M.unsubscribeTitle)}</h1>
<p>${e(fill(M.unsubscribeAsk, who))}</p><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" class="cta">${e(M.unsubscribeButton)}</button></form>`);
}

export function unsubscribedPage(who: { organizer: string; email: string }): string {
  return publicLayout(head, `<div class="card"><h1>${e(M.unsubscribeTitle)}</h1><p role="status">${e(fill(M.unsubscribed, who))}</p></div>`);
}

export function unsubscribeInvalidPage(): string {
  return publicLayout(head, `<div class="card"><h1>${e(M.unsubscribeTitle)}</h1><p>${e(M.unsubscribeInvalid)}</p></div>`);
}
