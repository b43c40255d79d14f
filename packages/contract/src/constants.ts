/** Business constants of spec section 9. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const DOWNLOAD_PAGE_SIZE = 25;
export const MOBILE_BREAKPOINT = 576;
export const TIME_ZONE = 'Asia/Jakarta';
export const PASSWORD_MIN = 8;
export const TOAST_DURATION_S = 2;
export const TOAST_MAX = 3;
export const REDIRECT_DELAY_MS = 2000;
export const SAVE_TIMEOUT_MS = 5000;
export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 72;
export const UNLIMITED = -1;
export const WITHDRAWAL_MIN = 15000;
