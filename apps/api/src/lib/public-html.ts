/** The server-rendered public pages' shared pieces (event page, e-ticket, twibbon maker). */
import { endpointPath, PUBLIC_TWIBBON_ADDRESS } from '@eo/contract';

/** Text as HTML text or attribute value: the five characters that could open markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only http(s) links are ever made from stored text (never `javascript:` and the like). */
export const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * An address we print whole (Open Graph, links in pages and answers), on the configured public
 * origin (config.publicUrl), never on a request's Host header, which the client chooses:
 * `/files/x.png` → `https://host/files/x.png`; an absolute http(s) URL stays; anything else: none.
 */
export function absoluteUrl(publicUrl: string, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return `${publicUrl}${url}`;
  return null;
}

/** The twibbon maker of a key, on our own origin. */
export const twibbonPath = (customKey: string) => endpointPath(PUBLIC_TWIBBON_ADDRESS.page.path, { customKey });

/** Mobile first: one column, nothing wider than the screen (375 px), long words broken. */
export const PUBLIC_STYLE = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1f1f1f;line-height:1.5;overflow-wrap:anywhere}
main{max-width:720px;margin:0 auto;padding:16px}
.poster{display:block;width:100%;max-width:100%;height:auto;border-radius:12px;background:#eee}
h1{font-size:24px;line-height:1.25;margin:16px 0 8px}h2{font-size:18px;margin:0 0 8px}
.card{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.tag{display:inline-block;background:#f0e8ff;color:#5b2bbf;border-radius:999px;padding:2px 10px;font-size:14px}
dl{margin:0}dt{color:#666;font-size:14px;margin-top:8px}dd{margin:0}
.desc{white-space:pre-line}ul,ol{margin:0;padding-left:20px}
a{color:#6a35d9}
.ticket{border:1px solid #e5e5e5;border-radius:10px;padding:12px;margin-top:12px}
.ticket h3{margin:0 0 4px;font-size:16px}.price{font-weight:700;font-size:18px}
.ok{color:#237804}.no{color:#a8071a}.muted{color:#666;font-size:14px}
.cta{display:block;text-align:center;margin-top:8px;padding:12px;border-radius:8px;background:#6a35d9;color:#fff;text-decoration:none;font-weight:600}
.cta.alt{background:#fff;color:#6a35d9;border:1px solid #6a35d9}
.org{display:flex;gap:12px;align-items:center}.org img{width:48px;height:48px;border-radius:50%;object-fit:cover}
@media (min-width:720px){main{padding:24px}h1{font-size:30px}}`;


/** The public forms' look (registration, attendance): big touch targets, errors in red beside their field. */
export const PUBLIC_FORM_STYLE = `form .field{display:flex;flex-direction:column;gap:4px;margin:14px 0;border:0;padding:0;min-width:0}
form label,form legend{font-weight:600;padding:0}form .choice{font-weight:400;display:flex;gap:8px;align-items:center;min-height:44px}form .choice .note{display:block;font-size:.875rem}
form input[type=text],form input[type=email],form input[type=tel],form select,form textarea{font:inherit;width:100%;max-width:100%;min-height:44px;padding:8px 10px;border:1px solid #8c8c8c;border-radius:8px;background:#fff}
form input[type=file]{max-width:100%}form input[type=radio],form input[type=checkbox]{width:20px;height:20px;margin:0;flex:none}
form [aria-invalid=true]{border-color:#cf1322;outline:1px solid #cf1322}
form :focus-visible{outline:3px solid #6a35d9;outline-offset:2px}
form h3{font-size:16px;margin:20px 0 0}
.err{color:#cf1322;font-size:14px;margin:0}.alert{background:#fff1f0;border:1px solid #ffa39e;border-radius:8px;padding:10px 12px;color:#a8071a}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
button.cta{width:100%;border:0;font:inherit;font-weight:600;cursor:pointer;min-height:48px}button.cta:disabled{opacity:.6;cursor:progress}`;

/** A public page: Indonesian, phone-first, the style inline (the CSP allows inline styles, not scripts); `wide`: a page with a desktop layout of its own (`main.wide`). */
export function publicLayout(head: string, body: string, { wide = false } = {}): string {
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<style>${PUBLIC_STYLE}</style></head>
<body><main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}
