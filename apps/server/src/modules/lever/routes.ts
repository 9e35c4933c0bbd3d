import type { FastifyInstance } from 'fastify';
import type { MarginReader } from '../../margin/margin-reads.ts';
import type { Services } from '../../services.ts';
import { registerLeverFinance } from './lever-finance.ts';
import { registerLeverOrders } from './lever-orders.ts';
import { watchMarginRisk } from './risk-watch.ts';

/**
 * Isolated margin per pair (the spec's lever/* calls): the pair's account, loans and transfers (lever-finance.ts),
 * its orders (lever-orders.ts), and the risk watch that announces risk rates and liquidates at the index price.
 */
export async function registerLeverModule(app: FastifyInstance, services: Services) {
  const reader: MarginReader = { db: services.database.db, core: services.core, prices: services.prices };
  registerLeverFinance(app, services, reader);
  registerLeverOrders(app, services, reader);
  const stop = watchMarginRisk(services, reader);
  app.addHook('onClose', async () => stop());
}
