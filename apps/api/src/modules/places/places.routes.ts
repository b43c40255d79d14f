import type { FastifyInstance } from 'fastify';
import { REFERENCE } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { PlacesService } from './places.service.js';

/** The Location step's autocomplete. Signed-in callers only: it may spend a paid geocoder's quota. */
export function placesRoutes(app: FastifyInstance, places: PlacesService) {
  route(app, REFERENCE.places, async (request) => {
    const { q, limit } = request.query;
    return { data: await places.search(q, limit) };
  });
}
