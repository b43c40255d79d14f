import { z } from 'zod';
import { envelope } from './common.js';

/**
 * Places search of the event wizard's Location step (`GET /v1/places`): fills the offline
 * location text and its latitude/longitude. Two characters before searching, so a single
 * keystroke does not list half the country.
 */
export const PLACES_LIMIT_DEFAULT = 8;
export const PLACES_LIMIT_MAX = 20;

export const placesQuerySchema = z.object({
  q: z.string().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(PLACES_LIMIT_MAX).default(PLACES_LIMIT_DEFAULT),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

/** `gazetteer`: the embedded offline list; `geocoder`: the external service of GEOCODER_URL. */
export const placeSourceSchema = z.enum(['gazetteer', 'geocoder']);

export const placeSchema = z.object({
  id: z.string(),
  /** Short label for the list, e.g. `Kota Bandung`. */
  name: z.string(),
  /** What the event stores as its location text, e.g. `Kota Bandung, Jawa Barat, Indonesia`. */
  address: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  source: placeSourceSchema,
});
export type Place = z.infer<typeof placeSchema>;

/**
 * `retryAfterMs`: the geocoder was not asked this time (its calls are throttled process-wide);
 * the same search after that long may add its hits. Absent when the answer is complete.
 */
export const placesResultSchema = z.object({ result: z.array(placeSchema), retryAfterMs: z.number().int().positive().optional() });
export type PlacesResult = z.infer<typeof placesResultSchema>;
export const placesResponseSchema = envelope(placesResultSchema);
