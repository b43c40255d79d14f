/** Small display rules shared by the event screens (wizard, overview). */

/** Long names are cut on cards (30 characters) and breadcrumbs (50), by characters (lib/text). */
export { cutText } from '../../lib/text';
export const CARD_NAME_MAX = 30;

/** A map link for the offline location's coordinates. */
export const mapLink = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
