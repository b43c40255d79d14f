import { LinkifyIt } from 'linkify-it';

/**
 * What a mail client would turn into a link inside text someone typed (event names, recipient
 * names): linkify-it finds what Gmail-like autolinkers find (schemes, `www.`, bare domains with a
 * known TLD, e-mail addresses).
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

/**
 * Text as a mail client may read it: NFKC folds full-width letters and dots (`ｅｖｉｌ．ｃｏｍ`),
 * the ideographic full stops that domain names accept as dots become dots, and zero-width
 * characters, which a client may drop to join `evil` and `.com`, are removed.
 */
const ZERO_WIDTH = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
const IDEOGRAPHIC_DOTS = /[\u3002\uFF61\uFE52]/g;
const asClientReads = (text: string) => text.normalize('NFKC').replace(ZERO_WIDTH, '').replace(IDEOGRAPHIC_DOTS, '.');

export const hasLink = (text: string) => linkify.test(asClientReads(text));

/**
 * The text with every link-looking run defanged the way security mail does (`evil[.]com`,
 * `x[at]y[.]id`, `https[:]//`), so no client makes it clickable; other text is unchanged but
 * for the folding of `asClientReads`.
 */
export function unlinkable(text: string): string {
  let out = asClientReads(text);
  // Defanging one run can expose no new one, but repeat while anything is found, to be sure.
  for (let round = 0; round < 5; round++) {
    const matches = linkify.match(out);
    if (!matches) return out;
    let next = '';
    let at = 0;
    for (const m of matches) {
      next += out.slice(at, m.index) + out.slice(m.index, m.lastIndex).replace(/\./g, '[.]').replace(/@/g, '[at]').replace(/:/g, '[:]');
      at = m.lastIndex;
    }
    out = next + out.slice(at);
  }
  return out.replace(/[.@:]/g, ' ');
}
