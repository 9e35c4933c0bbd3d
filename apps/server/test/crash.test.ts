import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashCycle, seededRandom } from './crash-run.ts';
import { type SeededExchange, seedExchange } from './exchange-process.ts';

/**
 * The short crash test for CI (the long one: `npm run core:crash -w bench`): the real server under HTTP order load,
 * SIGKILLed at a random moment, restarted, and checked. SQLite with synchronous=FULL.
 */
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

describe('the trading core survives SIGKILL under load', () => {
  let dir: string;
  let exchange: SeededExchange;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-crash-'));
    exchange = await seedExchange(dir, 8);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged order, consistent books and ledger (seed ${seed})`, { timeout: 120_000 }, async () => {
    const random = seededRandom(seed);
    let acknowledged = 0;
    for (let cycle = 1; cycle <= 2; cycle++) {
      const result = await crashCycle(exchange, { loadMs: 2_000, connections: 16, cycle, random });
      expect(result.problems, `cycle ${cycle}, seed ${seed}`).toEqual([]);
      acknowledged += result.acknowledged;
    }
    // The load must have been real for the check to mean anything.
    expect(acknowledged).toBeGreaterThan(100);
  });
});
