import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Place } from '@eo/contract';

/**
 * The outside geocoder behind GEOCODER_URL, asked politely. The wizard searches as the user
 * types, and geocoders limit a whole application (the public Nominatim server: one request a
 * second, no autocomplete), so:
 * - answers are cached, bounded in entries and age, per query (case and spacing aside) and limit;
 * - at most one call per `minIntervalMs` leaves this process; a search that comes sooner is
 *   not queued but answered from the cache or the embedded gazetteer alone;
 * - a 429 or 503 pauses every call for its Retry-After (or a minute);
 * - a slow, broken or garbled geocoder is given up after 3 s and contributes nothing.
 */
export interface GeocoderOptions {
  url: string;
  minIntervalMs: number;
  cacheEntries: number;
  cacheTtlMs: number;
}

const TIMEOUT_MS = 3_000;
const BACKOFF_DEFAULT_MS = 60_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/** One hit of a Nominatim-style answer; lat/lon come as strings there. Others are skipped. */
const geocoderHit = z.object({
  display_name: z.string().trim().min(1),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  place_id: z.union([z.number(), z.string()]).optional(),
  name: z.string().optional(),
});

export type GeocoderOutcome = 'cached' | 'asked' | 'throttled' | 'failed';

export class Geocoder {
  private readonly cache: LRUCache<string, Place[]>;
  /** Only the origin is logged: a geocoder URL may carry an API key in its query. */
  private readonly origin: string;
  /** When the next call may leave: one interval after the last, or after a 429's pause. */
  private nextCallAt = 0;
  /** How each search was answered (read by the tests). */
  readonly counts: Record<GeocoderOutcome, number> = { cached: 0, asked: 0, throttled: 0, failed: 0 };

  constructor(private readonly options: GeocoderOptions, private readonly log: FastifyBaseLogger, private readonly now = Date.now) {
    this.origin = new URL(options.url).origin;
    // Expired answers are dropped when met, on the clock the throttle uses.
    this.cache = new LRUCache({ max: options.cacheEntries, ttl: options.cacheTtlMs, ttlResolution: 0, perf: { now: () => this.now() } });
  }

  /**
   * The geocoder's hits for `q`; none when failing, or when throttled, then with how long until
   * the next call may leave. Never throws.
   */
  async search(q: string, limit: number): Promise<{ places: Place[]; retryAfterMs?: number }> {
    // The text the geocoder gets, but for case and spacing: `normalize` (the gazetteer's) drops
    // every non-ASCII letter, so 東京 and جاكرتا would share one entry.
    const cacheKey = `${limit}\u0000${q.toLowerCase().replace(/\s+/g, ' ').trim()}`;
    const cached = this.cache.get(cacheKey);
    if (cached) {
      this.counts.cached++;
      return { places: cached };
    }
    const now = this.now();
    if (now < this.nextCallAt) {
      this.counts.throttled++;
      return { places: [], retryAfterMs: Math.ceil(this.nextCallAt - now) };
    }
    this.nextCallAt = now + this.options.minIntervalMs;
    const places = await this.ask(q, limit);
    if (places) this.cache.set(cacheKey, places);
    return { places: places ?? [] };
  }

  /** undefined: no usable answer (not cached, so the next free slot asks again). */
  private async ask(q: string, limit: number): Promise<Place[] | undefined> {
    const url = this.options.url.replaceAll('{q}', encodeURIComponent(q)).replaceAll('{limit}', String(limit));
    try {
      this.counts.asked++;
      const res = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // Nominatim's usage policy asks every client to name itself.
        headers: { accept: 'application/json', 'accept-language': 'id', 'user-agent': 'eo-dashboard places search' },
      });
      if (res.status === 429 || res.status === 503) this.pause(res.headers.get('retry-after'));
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body: unknown = await res.json();
      if (!Array.isArray(body)) throw new Error('answer is not a JSON array');
      return body.flatMap((item) => {
        const hit = geocoderHit.safeParse(item);
        if (!hit.success) return [];
        const { display_name: address, lat, lon: lng, place_id: placeId, name } = hit.data;
        const place: Place = { id: `geocoder:${placeId ?? `${lat},${lng}`}`, name: name?.trim() || address.split(',')[0].trim(), address, lat, lng, source: 'geocoder' };
        return [place];
      }).slice(0, limit);
    } catch (err) {
      this.counts.failed++;
      this.log.warn({ err, geocoder: this.origin }, 'geocoder unavailable; answering from the gazetteer only');
      return undefined;
    }
  }

  /** Retry-After in seconds (an HTTP date is taken as the default); capped. */
  private pause(retryAfter: string | null) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : BACKOFF_DEFAULT_MS;
    this.nextCallAt = Math.max(this.nextCallAt, this.now() + Math.min(seconds, BACKOFF_MAX_MS));
  }
}
