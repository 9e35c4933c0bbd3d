import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { admin } from './admin.ts';
import { CODE_RESEND_SECONDS } from './code-gap.ts';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the real server on a free port with a fresh demo database; the returned function stops it. */
export default async function globalSetup() {
  // E2E_WEB_DIST: a build of one's own, safe from another build replacing apps/web/dist mid-run.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('build the web app first (npm run test:e2e does)');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-e2e-'));
  let log = '';
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      WEB_DIST: webDist,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CODE_RESEND_SECONDS: String(CODE_RESEND_SECONDS),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, server, () => log);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  // North Korea is restricted, so a visitor forwarded from one of its addresses meets the serviceLimit page.
  await admin('restricted', 'set', 'KP');
  // Margin is on, as a site offering it runs: its menus and pages are there for every test (the margin tests add
  // their own pairs).
  await admin('switch', 'set', 'lever_open', '1');
  // Futures too: the demo lists contracts, and the futures tests list their own (each would switch it on mid-run,
  // changing the menus under the tests that read them).
  await admin('switch', 'set', 'indep_co_switch', '1');

  return async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
