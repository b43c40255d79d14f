import { endpoint } from '../endpoint.js';
import { bankListResponseSchema } from '../banks.js';
import { placesQuerySchema, placesResponseSchema } from '../schemas/places.js';

/** Reference data and helpers of the wizard's steps. */
export const REFERENCE = {
  /** The banks a withdrawal can go to. */
  banks: endpoint({ action: 'money', method: 'GET', path: '/v1/banks', tags: ['payouts'], status: 200, response: bankListResponseSchema }),
  /** The Location step's autocomplete (signed-in callers only: it may spend a paid geocoder's quota). */
  places: endpoint({ action: 'events.write', method: 'GET', path: '/v1/places', tags: ['events'], query: placesQuerySchema, status: 200, response: placesResponseSchema }),
};
