import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { placesQuerySchema, placesResponseSchema } from '@eo/contract';
import type { PlacesService } from './places.service.js';

/** The Location step's autocomplete. Signed-in callers only: it may spend a paid geocoder's quota. */
export function placesRoutes(app: FastifyInstance, places: PlacesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/places', {
    schema: { tags: ['events'], querystring: placesQuerySchema, response: { 200: placesResponseSchema } },
  }, async (request) => {
    const { q, limit } = request.query;
    return { data: { result: await places.search(q, limit) } };
  });
}
