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
/**
 * Payment fee, integer rupiah, charged once per paid (confirmed) transaction and written to the
 * ledger as a negative `payment_fee` entry beside its `sale` (capped at the amount paid, so a
 * sale never nets below zero). Configurable here: the API and the receipt's `paymentFee` read
 * this one value. Why flat and not a percentage: the typical Indonesian payment-gateway cost is
 * a flat fee per virtual-account payment (about Rp4.000), whatever the ticket price. A refund
 * gives the fee back to the organizer (`fee_refund`), see PlatformService.refund.
 */
export const PAYMENT_FEE_RUPIAH = 4_000;
/** Steps turn vertical at this width or less (spec section 9). */
export const WIZARD_VERTICAL_BREAKPOINT = 930;
export const EVENT_NAME_BREADCRUMB_MAX = 50;
export const CUSTOM_KEY_DEBOUNCE_MS = 1000;
/** Where GO TO APP leads on phones: uploading an event there happens in the mobile app. */
export const APP_STORE_URL = 'https://play.google.com/store/search?q=event%20organizer%20dashboard&c=apps';
/** WhatsApp numbers: 6 to 13 digits after the 62 prefix (spec section 5). */
export const WA_DIGITS = { min: 6, max: 13 } as const;
/** Withdrawal verification: a 6-digit code by email, valid 10 minutes, 5 tries, resend after 60 s. */
export const WITHDRAW_CODE = { digits: 6, ttlMinutes: 10, maxAttempts: 5, resendAfterSeconds: 60 } as const;
export const BANK_ACCOUNT_NUMBER_MAX = 16;
export const BANK_ACCOUNT_NAME_MAX = 100;
