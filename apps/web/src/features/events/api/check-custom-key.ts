import { apiRequest } from '../../../lib/api-client';

/** True when the twibbon key is free (spec section 7); any failure counts as not available. */
export async function isCustomKeyFree(customKey: string, eventIdNe?: string): Promise<boolean> {
  try {
    const res = await apiRequest<{ data: { result: boolean } }>('/v1/twibbons/existence', { query: { customKey, eventIdNe } });
    return Boolean(res.data.result);
  } catch {
    return false;
  }
}
