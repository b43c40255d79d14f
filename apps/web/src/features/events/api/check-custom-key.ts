import { call } from '../../../lib/api-call';

import { EVENTS } from '@eo/contract';

/** True when the twibbon key is free (spec section 7); any failure counts as not available. */
export async function isCustomKeyFree(customKey: string, eventIdNe?: string): Promise<boolean> {
  try {
    const res = await call(EVENTS.customKeyFree, { query: { customKey, eventIdNe } });
    return Boolean(res.data.result);
  } catch {
    return false;
  }
}
