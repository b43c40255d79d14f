import { MOBILE_BREAKPOINT } from '@eo/contract';
import { useMediaQuery } from './use-media-query';

/** True while the viewport is at most `px` wide. */
export const useMaxWidth = (px: number): boolean => useMediaQuery(`(max-width: ${px}px)`);

/** True at 576 px or less (spec section 9), the mobile layout. */
export const useIsMobile = (): boolean => useMaxWidth(MOBILE_BREAKPOINT);
