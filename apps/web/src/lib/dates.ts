import dayjs from 'dayjs';
import './dates-locale';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TIME_ZONE } from '@eo/contract';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** `21 Nov 2026 14:05` on the WIB clock (spec section 9, 'D MMM YYYY HH:mm'). */
export const formatDateTime = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('D MMM YYYY HH:mm');

/** `Sabtu, 21 Nov 2026` on the WIB clock ('dddd, D MMM YYYY'). */
export const formatLongDate = (iso: string) => dayjs(iso).tz(TIME_ZONE).format('dddd, D MMM YYYY');

/** `3 hari yang lalu`. */
export const fromNow = (iso: string, now?: string | number | Date) => (now ? dayjs(iso).from(dayjs(now)) : dayjs(iso).fromNow());
