import type { FastifyInstance } from 'fastify';
import { runModuleJobs } from '../jobs/module-jobs.ts';
import type { Services } from '../services.ts';
import { MarketMaker, type MarketMakerOptions } from './market-maker.ts';

/**
 * The demo's market maker as a plugin: one job, so one process of the deployment quotes. It ticks every tickMs
 * (500) and prunes the bots' old history every pruneEveryMs (10 minutes) of the clock.
 */
export async function registerMarketMaker(app: FastifyInstance, services: Services, options: MarketMakerOptions = {}) {
  const maker = new MarketMaker(services, options);
  const pruneEveryMs = options.pruneEveryMs ?? 600_000;
  let nextPrune = 0;
  // Added before the job's, so it runs after the job has stopped (onClose hooks run last added, first).
  app.addHook('onClose', () => maker.stop());
  await runModuleJobs(app, services.jobs, [
    {
      name: 'market-maker',
      everyMs: options.tickMs ?? 500,
      takeOver: async () => {
        await maker.stop();
        await maker.start();
        nextPrune = services.clock.now() + pruneEveryMs;
      },
      run: async () => {
        await maker.tick();
        if (services.clock.now() < nextPrune) return;
        nextPrune = services.clock.now() + pruneEveryMs;
        await maker.prune();
      },
    },
  ]);
}
