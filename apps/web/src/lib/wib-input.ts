import { WIB_OFFSET_MS } from '@eo/contract';

/**
 * A native `datetime-local` field read and written on the WIB clock (the fields say WIB, whatever
 * the device's zone): the check-in screen's attendance window and the Pesan screen's schedule.
 */

/** An instant as a `datetime-local` value on the WIB clock. */
export const wibInputValue = (at: Date) => new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 16);

/** A `datetime-local` value read on the WIB clock, as an ISO instant; null when empty or not a time. */
export function fromWibInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value}:00+07:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
