/** Small display rules shared by the event screens (wizard, overview). */

/** Long names are cut on cards (30 characters) and breadcrumbs (50), by characters, not UTF-16 units. */
export const CARD_NAME_MAX = 30;
export function cutText(text: string | null | undefined, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** A map link for the offline location's coordinates. */
export const mapLink = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
