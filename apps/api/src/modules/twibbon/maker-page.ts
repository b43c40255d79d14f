import { fill, PUBLIC_TWIBBON_TEXT as T } from '@eo/contract';
import type { PublicTwibbonPage } from './public-twibbon.service.js';
import { assetTags, entryAssets, type EntryAssets } from '../../lib/public-assets.js';
import { escapeHtml } from '../../lib/public-html.js';

/** The web build's entry of the maker (apps/web/src/public/twibbon/main.ts), a script outside the dashboard's bundle. */
export const MAKER_ENTRY = 'src/public/twibbon/main.ts';

/** The maker's script (and any CSS) from the web build's manifest; none without a build (tests, API alone). */
export const makerAssets = (webDist: string | undefined): EntryAssets => entryAssets(webDist, MAKER_ENTRY);

const STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f5f7;color:#1f1f1f;line-height:1.5;overflow-wrap:anywhere}
main{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:22px;margin:8px 0 4px}h2{font-size:18px;margin:24px 0 8px}.event{font-weight:600;color:#5b3cc4;margin:0 0 8px}
.muted{color:#595959;font-size:14px}
.stage{position:relative;width:100%;max-width:480px;margin:12px auto;aspect-ratio:1/1;background:#e8e8ec;border-radius:12px;overflow:hidden}
canvas{display:block;width:100%;height:100%;touch-action:none;cursor:grab}canvas:focus-visible{outline:3px solid #5b3cc4;outline-offset:2px}
.field{display:flex;flex-direction:column;gap:4px;margin:12px 0}label{font-weight:600}
input[type=file],input[type=range]{width:100%;max-width:100%}
.row{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
button{font:inherit;min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #5b3cc4;background:#fff;color:#5b3cc4;cursor:pointer}
button.primary{background:#5b3cc4;color:#fff}button:disabled{opacity:.5;cursor:not-allowed}button[aria-busy=true]{cursor:progress}button:focus-visible{outline:3px solid #1f1f1f;outline-offset:2px}
textarea{width:100%;min-height:120px;font:inherit;padding:8px;border:1px solid #bfbfbf;border-radius:8px;resize:vertical}
ol{padding-left:20px}[role=status]{min-height:1.5em;font-weight:600}`;

const shell = (head: string, body: string) => `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<style>${STYLE}</style></head>
<body>${body}</body></html>`;

/**
 * `/t/{customKey}`: the title and Open Graph tags (whole addresses, made by PublicTwibbonService on
 * the configured public origin), caption and guide are rendered here, so a shared link shows a preview card; the script only adds the canvas work. The script reads the
 * key and the frame from data attributes (no inline script: the CSP forbids it). The frame is
 * preloaded (with the script's CORS mode, so the script's request reuses it) while the script
 * itself still loads.
 */
export function makerPage(twibbon: PublicTwibbonPage, assets: EntryAssets, siteName: string): string {
  const title = `${twibbon.eventName} · ${T.titleSuffix}`;
  const description = fill(T.description, { event: twibbon.eventName });
  const e = escapeHtml;
  const head = `<title>${e(title)} · ${e(siteName)}</title>
<meta name="description" content="${e(description)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${e(siteName)}">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(description)}">
${twibbon.imageUrl ? `<meta property="og:image" content="${e(twibbon.imageUrl)}">` : ''}
<meta property="og:url" content="${e(twibbon.pageUrl)}">
<meta name="twitter:card" content="summary_large_image">
<link rel="preload" as="image" href="${e(twibbon.templateUrl)}" crossorigin="anonymous">
${assetTags(assets, e)}`;
  const caption = twibbon.caption ?? '';
  const body = `<main id="maker" data-key="${e(twibbon.customKey)}" data-template="${e(twibbon.templateUrl)}">
<h1>${e(T.heading)}</h1>
<p class="event">${e(twibbon.eventName)}</p>
<p class="muted">${e(T.privacy)}</p>
<div class="stage"><canvas id="tw-canvas" width="1080" height="1080" tabindex="0" role="img" aria-label="${e(T.preview)}"></canvas></div>
<div class="field"><label for="tw-photo">${e(T.pickPhoto)}</label><input id="tw-photo" type="file" accept="image/*"></div>
<div class="field"><label for="tw-zoom">${e(T.zoom)}</label><input id="tw-zoom" type="range" min="1" max="4" step="0.01" value="1" disabled></div>
<div class="row"><button id="tw-reset" type="button" disabled>${e(T.reset)}</button><button id="tw-download" class="primary" type="button" disabled>${e(T.download)}</button></div>
<p id="tw-status" role="status" aria-live="polite"></p>
${caption ? `<section aria-labelledby="tw-caption-h"><h2 id="tw-caption-h">${e(T.captionHeading)}</h2>
<textarea id="tw-caption" readonly aria-labelledby="tw-caption-h">${e(caption)}</textarea>
<div class="row"><button id="tw-copy" type="button">${e(T.copyCaption)}</button></div></section>` : ''}
${twibbon.guide.length ? `<section aria-labelledby="tw-guide-h"><h2 id="tw-guide-h">${e(T.guideHeading)}</h2>
<ol>${twibbon.guide.map((step) => `<li>${e(step)}</li>`).join('')}</ol></section>` : ''}
</main>`;
  return shell(head, body);
}

/** The maker's 404: an unknown key, or an event that is a draft, pending, rejected or deleted. */
export function makerNotFoundPage(siteName: string): string {
  return shell(`<title>${escapeHtml(T.notFoundTitle)} · ${escapeHtml(siteName)}</title><meta name="robots" content="noindex">`,
    `<main><h1>${escapeHtml(T.notFoundTitle)}</h1><p>${escapeHtml(T.notFoundBody)}</p></main>`);
}
