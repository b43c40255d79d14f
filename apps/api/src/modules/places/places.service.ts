import { readFileSync } from 'node:fs';
import type { Place, PlacesResult } from '@eo/contract';
import type { Geocoder } from './geocoder.js';
import { apiPath } from '../../lib/api-root.js';

/**
 * Places for the event wizard's Location step. The embedded gazetteer (Indonesian provinces,
 * regencies and cities; see GAZETTEER-LICENSE.md) always answers, so the search works with no
 * network at all. When GEOCODER_URL is set, that service is asked first (cached and throttled,
 * see geocoder.ts) and its hits lead the list; a slow or broken geocoder only costs its own
 * results, never the request.
 */
type Kind = 'province' | 'regency' | 'city';
interface GazetteerPlace { code: string; name: string; kind: Kind; province: string; lat: number; lng: number }
interface Indexed { place: Place; kind: Kind; core: string; compact: string; words: string[]; provinceWords: string[] }

const KIND_ORDER: Record<Kind, number> = { city: 0, regency: 1, province: 2 };

/** Titles that official names carry and people leave out: `Kota Administrasi`, `Kab.`, `DKI`, `Daerah Istimewa`... */
const TITLE = /^(?:(?:provinsi|prov|kabupaten|kab|kota)(?: administrasi| adm)?|daerah istimewa|dki|di)\s+/;
const HINTS: Record<string, Kind> = { kota: 'city', kabupaten: 'regency', kab: 'regency', provinsi: 'province', prov: 'province' };
const KIND_TITLE = /^(?:provinsi|prov|kabupaten|kab|kota)\s+/;

/** Lower case, accents and punctuation gone: `Pare-Pare` and `paré pare` meet as `pare pare`. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The name without its leading titles; a bare title (`kota`) stays as it is. */
function stripTitles(normalized: string): string {
  let s = normalized;
  for (let m = TITLE.exec(s); m && m[0].length < s.length; m = TITLE.exec(s)) s = s.slice(m[0].length);
  return s;
}

let index: Indexed[] | undefined;

/** Read once, on the first search: 550 small records, kept for the life of the process. */
function gazetteer(): Indexed[] {
  if (index) return index;
  const file = JSON.parse(readFileSync(apiPath('src/modules/places/gazetteer.json'), 'utf8')) as { places: GazetteerPlace[] };
  index = file.places.map((p) => {
    const core = stripTitles(normalize(p.name));
    const address = p.kind === 'province' ? `${p.name}, Indonesia` : `${p.name}, ${p.province}, Indonesia`;
    return {
      place: { id: `gazetteer:${p.code}`, name: p.name, address, lat: p.lat, lng: p.lng, source: 'gazetteer' },
      kind: p.kind,
      core,
      compact: core.replaceAll(' ', ''),
      // Word matches may use the other titles: `dki` finds DKI Jakarta, `istimewa` DI Yogyakarta.
      words: normalize(p.name).replace(KIND_TITLE, '').split(' '),
      provinceWords: p.kind === 'province' ? [] : normalize(p.province).split(' '),
    };
  });
  return index;
}

/**
 * 0 exact name, 1 the name starts with the query, 2 every query word starts a word of the name,
 * 3 the same counting the province's words too (`bandung jawa`); undefined: no match.
 */
function tier(entry: Indexed, core: string, words: string[]): number | undefined {
  const compact = core.replaceAll(' ', '');
  if (entry.core === core || entry.compact === compact) return 0;
  if (entry.core.startsWith(core) || entry.compact.startsWith(compact)) return 1;
  const inName = (w: string) => entry.words.some((n) => n.startsWith(w));
  if (words.every(inName)) return 2;
  if (words.some(inName) && words.every((w) => inName(w) || entry.provinceWords.some((n) => n.startsWith(w)))) return 3;
  return undefined;
}

export function searchGazetteer(q: string, limit: number): Place[] {
  const normalized = normalize(q);
  if (!normalized) return [];
  const hint = HINTS[normalized.split(' ')[0]];
  const core = stripTitles(normalized);
  const words = core.split(' ');
  const hits: { entry: Indexed; tier: number }[] = [];
  for (const entry of gazetteer()) {
    const t = tier(entry, core, words);
    if (t !== undefined) hits.push({ entry, tier: t });
  }
  // "kota bandung" puts Kota Bandung before Kabupaten Bandung; otherwise cities, regencies, provinces.
  const hinted = (e: Indexed) => (hint && e.kind === hint ? 0 : 1);
  hits.sort((a, b) => a.tier - b.tier
    || hinted(a.entry) - hinted(b.entry)
    || KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind]
    || a.entry.core.length - b.entry.core.length
    || a.entry.place.name.localeCompare(b.entry.place.name, 'id'));
  return hits.slice(0, limit).map((h) => h.entry.place);
}

export class PlacesService {
  constructor(private readonly geocoder: Geocoder | undefined) {}

  async search(q: string, limit: number): Promise<PlacesResult> {
    const local = searchGazetteer(q, limit);
    if (!this.geocoder) return { result: local };
    const { places, retryAfterMs } = await this.geocoder.search(q, limit);
    return { result: [...places, ...local].slice(0, limit), ...(retryAfterMs ? { retryAfterMs } : {}) };
  }
}
