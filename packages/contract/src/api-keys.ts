import type { OrgAction, RouteAction } from './organization-roles.js';

/**
 * Organization API keys (API.md, Integrations): a key acts for its own organization alone, within
 * its scopes. One table says which route actions each scope opens; the server's access gate and
 * the dashboard's create dialog both read it.
 */
export const API_KEY_SCOPES = ['events.read', 'participants.read', 'checkins.write', 'webhooks.manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so; the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'eo_live_';
/** How much of a key the list shows (the prefix and the first characters of its secret). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX = 80;

/** The route actions each scope opens; anything else is 403 FORBIDDEN_SCOPE. */
export const SCOPE_ACTIONS: Readonly<Record<ApiKeyScope, readonly OrgAction[]>> = {
  'events.read': ['events.read'],
  'participants.read': ['participants.read', 'participants.export'],
  'checkins.write': ['checkin'],
  'webhooks.manage': ['webhooks'],
};

/** Whether a key with these scopes may call a route of this action (`self` routes never: a key has no account). */
export const scopesAllow = (scopes: readonly ApiKeyScope[], action: RouteAction): boolean =>
  action !== 'self' && scopes.some((s) => SCOPE_ACTIONS[s].includes(action));

/**
 * Whether a key may `action` on a record, once its route is allowed: what its scopes open, and
 * reading the event itself, which every key-reachable route names (its participants, its door).
 */
export const scopesReach = (scopes: readonly ApiKeyScope[], action: OrgAction): boolean =>
  scopes.length > 0 && (action === 'events.read' || scopesAllow(scopes, action));

export const API_KEY_ID = { forbiddenScope: 'FORBIDDEN_SCOPE' } as const;

/** The API's texts about keys. */
export const API_KEY_MSG = {
  forbiddenScope: 'Kunci API ini tidak memiliki izin untuk tindakan ini',
  unknownKey: 'Kunci API tidak dikenal atau sudah dicabut',
  created: 'Kunci API dibuat. Salin sekarang: kunci ini tidak akan ditampilkan lagi.',
  revoked: 'Kunci API dicabut',
  nameRequired: 'Nama kunci wajib diisi',
  nameMax: `Nama kunci maksimal ${API_KEY_NAME_MAX} karakter`,
  scopesRequired: 'Pilih setidaknya satu izin',
} as const;

/** What each scope lets a key do, as the dashboard names it. */
export const API_KEY_SCOPE_LABEL: Readonly<Record<ApiKeyScope, string>> = {
  'events.read': 'Membaca event',
  'participants.read': 'Membaca dan mengunduh data peserta',
  'checkins.write': 'Melakukan check-in peserta',
  'webhooks.manage': 'Mengelola webhook',
};
