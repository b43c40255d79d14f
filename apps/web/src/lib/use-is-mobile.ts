import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '@eo/contract';

/** True while the viewport is at most `px` wide. */
export function useMaxWidth(px: number): boolean {
  const query = `(max-width: ${px}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True at 576 px or less (spec section 9), the mobile layout. */
export const useIsMobile = (): boolean => useMaxWidth(MOBILE_BREAKPOINT);
