import { EMBED_TEXT as T, publicEventPath, type PublicEvent } from '@eo/contract';
import { assetTags, type EntryAssets } from '../../lib/public-assets.js';
import { escapeHtml as e, PUBLIC_FORM_STYLE, publicLayout } from '../../lib/public-html.js';
import { registrationForm } from './registration-form.js';

/** A frame sized to its content: no page margin below the form, the poster and details left to the host site. */
export const EMBED_STYLE = `body{background:#fff}main{padding:8px 12px}main>.card{box-shadow:none;margin:0;padding:8px 0}
.embed-title{font-size:20px;margin:4px 0 0}.embed-foot{margin:12px 0 4px;font-size:14px}`;

export interface EmbedPageOptions {
  siteName: string;
  now: Date;
  /** The registration form's script and the frame's own (it tells the host page its height). */
  assets: EntryAssets[];
  accessCode?: string;
}

/**
 * `/e/{id}/embed`: the event page's registration form as it is there (the same fields, checks and
 * script), under the event's name, without the page around it; after registering, the frame
 * shows the e-ticket (`/e/{id}/embed/ticket/{code}`). Links leave the frame (`target=_blank`).
 */
export function embedFormPage(ev: PublicEvent, opts: EmbedPageOptions): string {
  const form = registrationForm(ev, opts.now, opts.accessCode, { embed: true });
  const head = [
    `<title>${e(ev.name)} · ${e(opts.siteName)}</title>`,
    // Only the event page itself is the event's address for search engines.
    `<meta name="robots" content="noindex">`,
    `<style>${PUBLIC_FORM_STYLE}${EMBED_STYLE}</style>`,
    ...opts.assets.map((a) => assetTags(a, e)),
  ].join('\n');
  const body = `<h1 class="embed-title">${e(ev.name)}</h1>
${form || `<p class="card">${e(T.closed)}</p>`}
<p class="embed-foot"><a href="${e(publicEventPath(ev.id))}" target="_blank" rel="noopener">${e(T.eventPage)}</a></p>`;
  return publicLayout(head, body);
}
