import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './seed/demo.ts';
import { demoBanner } from './seed/demo-banner.ts';
import { createServices } from './services.ts';

/** Starts the exchange: configuration, storage and migrations, services, HTTP; stops cleanly on a signal. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'opex.sqlite'),
  });
  await migrateToLatest(database.db, database.dialect);
  const services = await createServices(config, database);
  // The demo's content and traders exist before the first request is served.
  const seeded = config.demo ? await seedDemo(services) : undefined;
  // Markets the seed added are known to the core (and so to the realtime channels) before the first request.
  if (seeded) await services.core.reloadMarkets();
  const app = await buildApp(services);
  if (seeded) app.log.info(seeded, 'demo seed');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}${config.basePath}/`;
  app.log.info({ url, storage: database.dialect, demo: config.demo }, 'exchange ready');
  if (config.demo) app.log.info(demoBanner(url, config));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
