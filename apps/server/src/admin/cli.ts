import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../platform/clock.ts';
import { AdminInputError } from './admin-input.ts';
import { runAdmin, usage } from './commands.ts';

/**
 * The operator command line: `npm run admin -- <command>`. Uses the server's DATABASE_URL / DATA_DIR, so it
 * changes the same database the running server reads. Exit 0 done, 2 bad input, 1 failure.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(usage());
    return argv.length === 0 ? 2 : 0;
  }
  const config = loadConfig();
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'opex.sqlite'),
  });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    console.log(await runAdmin(argv, { handle, clock: systemClock, actor: `cli:${os.userInfo().username}` }));
    return 0;
  } catch (error) {
    if (error instanceof AdminInputError) {
      console.error(`error: ${error.message}`);
      return 2;
    }
    console.error(`failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
