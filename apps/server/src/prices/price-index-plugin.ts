import type { FastifyInstance } from 'fastify';
import type { Services } from '../platform/services.ts';

/** The price index's lifecycle: the app that serves its readers stops its poll and its core subscription on close. */
export async function registerPriceIndex(app: FastifyInstance, services: Services) {
  app.addHook('onClose', () => services.prices.stop());
}
