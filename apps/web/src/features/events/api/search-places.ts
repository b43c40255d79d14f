import type { Place } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export type { Place };

/** Places for the offline location (our gazetteer, or a configured geocoder first). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const res = await apiRequest<{ data: { result: Place[] } }>('/v1/places', { query: { q, limit: 8 }, signal });
  return res.data.result;
}
