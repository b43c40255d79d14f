import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import { Geocoder } from './geocoder.js';
import { placesRoutes } from './places.routes.js';
import { PlacesService } from './places.service.js';

/** The embedded gazetteer, with the external geocoder in front of it when GEOCODER_URL is set. */
export function createPlacesModule({ config, log }: { config: Pick<Config, 'geocoderUrl' | 'geocoder'>; log: FastifyBaseLogger }) {
  const places = new PlacesService(config.geocoderUrl ? new Geocoder({ url: config.geocoderUrl, ...config.geocoder }, log) : undefined);
  return { routes: (app: FastifyInstance) => placesRoutes(app, places) };
}
