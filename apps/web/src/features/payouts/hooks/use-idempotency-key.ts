import { useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotent-request';

/**
 * One Idempotency-Key per submission attempt: sending the same values again after an unknown
 * outcome (network error, 5xx) reuses the key, so the server answers the first request instead
 * of reserving the amount twice. `settle()` after a definite answer makes the next submit new.
 */
export function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(values: unknown): string {
      const fingerprint = JSON.stringify(values);
      if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: newIdempotencyKey() };
      return last.current.key;
    },
    settle() {
      last.current = null;
    },
  };
}
