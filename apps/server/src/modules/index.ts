import type { FastifyInstance } from 'fastify';
import type { Services } from '../platform/services.ts';
import { registerMessageModule } from './message/routes.ts';
import { registerUserModule } from './user/routes.ts';

/** Every business module, each owning its calls (named as the spec groups them). */
export async function registerModules(app: FastifyInstance, services: Services) {
  await registerUserModule(app, services);
  await registerMessageModule(app, services);
}
