import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, buildServer, compiledMain, distDir } from '../build/build-server.ts';
import { openDatabase } from '../src/db/database.ts';
import {
  ExchangeClient,
  freePort,
  type SeededExchange,
  SYMBOL,
  seedExchange,
  startServer,
  waitUntilHealthy,
} from './exchange-process.ts';

/**
 * The compiled server (build/build-server.ts, what `npm start` runs): built with esbuild into apps/server/dist,
 * started as its own process on a SQLite file, it answers calls, trades, and its SQLite writer thread (its own
 * compiled entry) makes the orders durable.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the compiled server', () => {
  let dir: string;
  let exchange: SeededExchange;
  let built: BuildResult;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-compiled-'));
    exchange = await seedExchange(dir, 2);
    built = await buildServer();
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is plain JavaScript: our TypeScript bundled, node_modules imported, maps pointing at the sources', () => {
    expect(built.files).toEqual([
      'main.mjs',
      'main.mjs.map',
      'sqlite-writer-thread.mjs',
      'sqlite-writer-thread.mjs.map',
    ]);
    for (const entry of ['main.mjs', 'sqlite-writer-thread.mjs']) {
      const code = fs.readFileSync(path.join(distDir, entry), 'utf8');
      const imported = [...code.matchAll(/^import .*?from "([^"]+)";$/gm)].map((m) => m[1] as string);
      expect(imported.length, entry).toBeGreaterThan(0);
      // No relative import (every module of ours is inside) and no workspace package left to load as TypeScript.
      expect(
        imported.filter((s) => s.startsWith('.') || s.startsWith('@opex/') || s.endsWith('.ts')),
        entry,
      ).toEqual([]);
      expect(code).toContain(`//# sourceMappingURL=${entry}.map`);
      const map = JSON.parse(fs.readFileSync(path.join(distDir, `${entry}.map`), 'utf8')) as { sources: string[] };
      const missing = map.sources.filter((s) => !fs.existsSync(path.resolve(distDir, s)));
      expect(missing, entry).toEqual([]);
      expect(map.sources).toContain(entry === 'main.mjs' ? '../src/main.ts' : '../src/core/sqlite-writer-thread.ts');
    }
    const main = JSON.parse(fs.readFileSync(`${compiledMain}.map`, 'utf8')) as { sources: string[] };
    expect(main.sources).toContain('../../../packages/engine/src/order-book.ts');
  });

  it('starts, answers calls and trades, and its writer thread makes the orders durable', {
    timeout: 60_000,
  }, async () => {
    const server = await startServer(exchange.dataDir, await freePort(), {}, [], { compiled: true });
    const client = new ExchangeClient(server.port, 2);
    try {
      const cmdline = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toContain(compiledMain);
      expect(cmdline.join(' ')).not.toContain('tsx');

      const [buyer, seller] = exchange.cookies as [string, string];
      const buy = await client.call<{ order_id: number }>(
        'order/create',
        { side: 'BUY', type: 1, price: '65000', volume: '0.5', symbol: SYMBOL },
        buyer,
      );
      expect(buy.code, buy.msg).toBe('0');
      const sell = await client.call<{ order_id: number }>(
        'order/create',
        { side: 'SELL', type: 1, price: '65000', volume: '0.2', symbol: SYMBOL },
        seller,
      );
      expect(sell.code, sell.msg).toBe('0');
      // A refusal comes from the contract's validation, bundled from packages/contract.
      const refused = await client.call('order/create', { side: 'BUY', type: 1, volume: '1', symbol: SYMBOL }, buyer);
      expect(refused.code).not.toBe('0');

      client.close();
      await server.kill('SIGTERM');
      expect(server.stderr()).toBe('');
      const handle = openDatabase({ sqliteFile: exchange.sqliteFile });
      try {
        const rows = await handle.db
          .selectFrom('orders')
          .select(['id', 'user_id', 'side', 'deal_volume'])
          .where('id', 'in', [buy.data.order_id, sell.data.order_id])
          .orderBy('id')
          .execute();
        expect(rows.map((r) => [r.user_id, r.side, new Big(r.deal_volume).eq('0.2')])).toEqual([
          [1, 'BUY', true],
          [2, 'SELL', true],
        ]);
      } finally {
        await handle.close();
      }
    } finally {
      client.close();
      await server.kill('SIGKILL');
    }
  });

  it('finds the web app where the source server does (apps/web/dist, from dist/ as from src/)', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' };
    env.DEMO = '0';
    env.LOG_LEVEL = 'warn';
    delete env.WEB_DIST;
    const child = spawn(process.execPath, ['--enable-source-maps', compiledMain], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      out += String(chunk);
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitUntilHealthy(child, port, () => out);
      const webDist = path.join(repoRoot, 'apps/web/dist');
      if (fs.existsSync(path.join(webDist, 'index.html'))) {
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(await page.text()).toContain('<base href="/">');
      } else {
        const warning = out
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { msg: string; webDist?: string })
          .find((line) => line.msg.startsWith('web app not built'));
        expect(warning?.webDist).toBe(webDist);
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
