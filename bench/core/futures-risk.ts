import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { payFunding } from '../../apps/server/src/core/futures/funding-commands.ts';
import {
  type Candidates,
  crossAccount,
  indexedCandidates,
  scannedCandidates,
} from '../../apps/server/src/core/futures/futures-liquidation.ts';
import { FuturesHarness } from '../../apps/server/src/core/futures/testing/futures-harness.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { SYSTEM_OWNER } from '../../apps/server/src/ledger/accounts.ts';
import { ledgerText } from '../../apps/server/src/ledger/ledger-units.ts';
import { seededRandom } from '../../apps/server/test/crash-run.ts';
import { seedContract } from '../../apps/server/test/futures-fixtures.ts';

/**
 * `npm run futures:risk -w bench`: 100,000 open positions of 1,000 users across 50 contracts (each user long and
 * short in each, hedge mode; even users isolated, odd users cross), built by real fills through the core's commands
 * in memory. Then mark ticks that move every contract's mark: the time to find every position and cross account the
 * move may have put past its liquidation price, by the liquidation index against valuing every position (the same
 * run, the same ticks), and one funding settlement of all 100,000 positions. Goals (issue 17): under 5 ms a tick,
 * funding under 1 s. USERS, CONTRACTS and TICKS change the size.
 */
const USERS = Number(process.env.USERS ?? 1000);
const CONTRACTS = Number(process.env.CONTRACTS ?? 50);
const TICKS = Number(process.env.TICKS ?? 20);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-futures-risk-'));
const handle = openDatabase({ sqliteFile: path.join(dir, 'opex.sqlite') });
await migrateToLatest(handle.db, handle.dialect);
const symbols: string[] = [];
for (let c = 0; c < CONTRACTS; c++) {
  const base = `C${c}`;
  await seedContract(handle.db, { base, contract_type: 'E', sort: c });
  symbols.push(`e-${base.toLowerCase()}-usdt`);
}
const users = Array.from({ length: USERS }, (_, i) => i + 1);
const h = await FuturesHarness.load(handle, [SYSTEM_OWNER, ...users]);
for (const user of users)
  h.run(
    'movement',
    {
      movement: {
        cause: 'operator_credit',
        causeId: `seed-${user}`,
        postings: [
          { ownerId: user, account: 'co', coin: 'USDT', field: 'available', delta: '100000' },
          { ownerId: SYSTEM_OWNER, account: 'external', coin: 'USDT', field: 'available', delta: '-100000' },
        ],
      },
    },
    0,
  );

// Each user opens a long and a short in every contract: user u's long takes user u+1's short, priced within 0.5%
// of 20000 at leverage 2-50, so liquidation prices spread from 2% to 50% away.
const random = seededRandom(17);
const started = performance.now();
for (const symbol of symbols) {
  for (const user of users) {
    const other = (user % USERS) + 1;
    const price = (20_000 * (0.995 + random() * 0.01)).toFixed(1);
    const leverage = 2 + Math.floor(random() * 49);
    const volume = String(1 + Math.floor(random() * 20));
    const place = (userId: number, side: 'BUY' | 'SELL', positionSide: 'long' | 'short') =>
      h.run(
        'futuresPlace',
        {
          userId,
          symbol,
          side,
          kind: 1,
          price,
          volume,
          intent: { positionSide, reduceOnly: false, leverage, marginMode: userId % 2 === 0 ? 2 : 1 },
          clientOrderId: null,
        },
        1,
      );
    place(other, 'SELL', 'short');
    place(user, 'BUY', 'long');
  }
}
const positions = h.state.futures.positions.size;
console.log(
  `${positions} positions of ${USERS} users in ${CONTRACTS} contracts, built in ${(performance.now() - started).toFixed(0)} ms`,
);
h.batches.length = 0;

// The first check places every position in the index.
for (const symbol of symbols) h.state.futures.marks.set(symbol, 20_000n * 10n ** 18n);
let t = performance.now();
indexedCandidates(h.state, symbols, new Set());
console.log(`index built in ${(performance.now() - t).toFixed(0)} ms`);

// Ticks: every mark moves up to +-1% around 20000, as a market does in a few seconds. Both ways check their
// candidates exactly (an isolated position's margin against maintenance, a cross account whole), as the core does.
let indexMs = 0;
let scanMs = 0;
let found = 0;
let scanned = 0;
const mark = 20_000n * 10n ** 18n;
for (let tick = 0; tick < TICKS; tick++) {
  for (const symbol of symbols)
    h.state.futures.marks.set(symbol, (mark * BigInt(Math.round(9900 + random() * 200))) / 10_000n);
  t = performance.now();
  const byIndex = underwater(indexedCandidates(h.state, symbols, new Set()));
  indexMs += performance.now() - t;
  t = performance.now();
  const byScan = underwater(scannedCandidates(h.state, symbols, new Set()));
  scanMs += performance.now() - t;
  found += byIndex;
  scanned += byScan;
}
console.log(
  `mark tick (${CONTRACTS} contracts): index ${(indexMs / TICKS).toFixed(2)} ms, full scan ${(scanMs / TICKS).toFixed(1)} ms: ` +
    `${(scanMs / indexMs).toFixed(1)}x faster; underwater a tick ${(found / TICKS).toFixed(1)} (the scan's ${(scanned / TICKS).toFixed(1)})`,
);

/** How many of the candidates are liquidatable: isolated ones as found, cross accounts valued whole. */
function underwater(c: Candidates): number {
  let n = c.isolated.length;
  for (const wallet of c.cross.values()) if (crossAccount(h.state, wallet).underwater) n++;
  return n;
}

t = performance.now();
for (const [i, symbol] of symbols.entries()) {
  const contract = {
    contractId: i + 1,
    symbol,
    frequencyHours: 8,
    startHour: 0,
    cap: '0.0075',
    index: null,
    mark: null,
  };
  h.apply(2, (state, batch) => payFunding(state, batch, contract, mark, 10n ** 14n, 2));
}
const fundingMs = performance.now() - t;
console.log(`funding of ${positions} positions: ${fundingMs.toFixed(0)} ms (${ledgerText(10n ** 14n)} at the mark)`);

await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
