import { REFERENCE, type Place, type PlacesResult } from '@eo/contract';
import { call } from '../../../lib/api-call';

export type { Place, PlacesResult };

/** Places for the offline location (our gazetteer, or a configured geocoder first). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlacesResult> {
  const res = await call(REFERENCE.places, { query: { q, limit: 8 } }, { signal });
  return res.data;
}
