import type { FastifyInstance } from 'fastify';
import type { Services } from '../platform/services.ts';

/** Every business module, each owning its calls (named as the spec groups them). */
export async function registerModules(app: FastifyInstance, services: Services) {
  void app;
  void services;
}
