/**
 * Text rules the server and the browser must apply alike: the certificate renderer and the
 * editor's canvas cut names the same way, and the recipients CSV is split the same way when the
 * editor reads its header and when the publish job reads its rows.
 */
const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * A text as a certificate prints it: whitespace runs (CSV newlines, tabs) become one space, then
 * at most `max` characters, counted as graphemes so an accent or emoji is never split. No
 * ellipsis: the organizer chose the limit, and a certificate should not print "…".
 */
export function certificateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const parts = graphemes ? Array.from(graphemes.segment(clean), (s) => s.segment) : [...clean];
  return parts.slice(0, Math.max(0, max)).join('').trimEnd();
}

/**
 * `;` when the header line has more semicolons than commas outside quotes (spreadsheets in
 * Indonesian locales write `;`), else `,`.
 */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Whether typed text says nothing: only whitespace and invisible format characters (zero-width
 * spaces and joiners, soft hyphens, direction marks), which `trim()` keeps.
 */
export const isBlankText = (text: string) => /^[\s\p{Cf}]*$/u.test(text);

/** Whether an answer or a field was left empty: missing, blank text, or no item chosen. */
export const isBlankAnswer = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && isBlankText(v)) || (Array.isArray(v) && v.length === 0);
