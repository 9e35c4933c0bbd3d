import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TradingCore } from '../../apps/server/src/core/trading-core.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { seededRandom } from '../../apps/server/test/crash-run.ts';
import { SYMBOL, seedExchange } from '../../apps/server/test/exchange-process.ts';

/**
 * `npm run core:only -w bench`: the trading core without HTTP, in this process, on SQLite with synchronous=FULL:
 * BATCH orders submitted at once (one transaction each), ROUNDS times. It separates the core's cost (matching,
 * balances, ledger rows, the write) from the HTTP path's, for reading the HTTP benchmark.
 */
const BATCH = Number(process.env.BATCH ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-core-only-'));
await seedExchange(dir, 50);
const handle = openDatabase({ sqliteFile: path.join(dir, 'opex.sqlite') });
const core = new TradingCore(handle, systemClock, { inboxPollMs: 0 });
await core.start();
const random = seededRandom(1);
const order = () => {
  const side = random() < 0.5 ? ('BUY' as const) : ('SELL' as const);
  const offset = Math.floor(random() * 300) / 100;
  const price = (side === 'BUY' ? 99.5 - offset + random() : 100.5 + offset - random()).toFixed(2);
  const volume = (0.001 + random() * 0.05).toFixed(4);
  return {
    userId: 1 + Math.floor(random() * 50),
    symbol: SYMBOL,
    request: { side, type: 1 as const, price, volume },
    clientOrderId: null,
  };
};
const start = performance.now();
for (let r = 0; r < ROUNDS; r++) await Promise.all(Array.from({ length: BATCH }, () => core.placeOrder(order())));
const ms = performance.now() - start;
const [ledgerRows, trades] = await Promise.all([
  handle.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst(),
  handle.db
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst(),
]);
const orders = BATCH * ROUNDS;
console.log(
  `core only: ${orders} orders in ${core.stats.batches} transactions, ${ms.toFixed(0)} ms: ${Math.round(orders / (ms / 1000))} orders/s; ${trades?.n} trades, ${ledgerRows?.n} ledger rows in total`,
);
await core.stop();
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
