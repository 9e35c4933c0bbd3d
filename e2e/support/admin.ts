import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs the operator command line against the e2e server's data directory, as an operator would. */
export async function admin(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by the global setup');
  // Node with tsx's loader rather than npx: npx's own start costs seconds per command on a busy machine.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** The newest 6-digit code the server sent to an address (read from the outbox). */
export async function latestCodeFor(recipient: string): Promise<string> {
  const listing = await admin('outbox', 'list', '--limit', '5', '--recipient', recipient);
  const code = /\b(\d{6})\b/.exec(listing)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}:\n${listing}`);
  return code;
}
