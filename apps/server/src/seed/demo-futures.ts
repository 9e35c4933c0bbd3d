import { futuresCommands } from '../admin/futures-commands.ts';
import { contractName, findLiveContract, listBrackets } from '../catalog/contracts.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * The demo's futures: two linear perpetuals (BTC and ETH, margined in USDT), one inverse perpetual (100 US
 * dollars of BTC a contract, margined in BTC, its dollar index through the USDT anchor of demo-index-anchors.ts) and
 * a simulated BTC perpetual (S-BTC-USDT, traded with coupon money), each with leverage brackets like Binance's first
 * tiers. Listed through the operator's own commands (validation, audit
 * rows), so the demo's contracts are what `contract add` and `contract brackets` make. Checked on every start, so a
 * demo database from before futures gets them; a contract is added only while no contract of its name exists in any
 * state, and given brackets only while it has none, so an operator's later changes (halted, delisted, re-bracketed)
 * survive restarts, and a start interrupted between the two commands finishes on the next.
 */
const common = {
  type: 'E',
  'max-limit-volume': '100000',
  'max-market-money': '1000000',
  'maker-fee': '0.0002',
  'taker-fee': '0.0005',
  'price-range': '0.05',
  'funding-hours': '8',
};

export const demoContracts: { flags: Record<string, string>; tiers: string }[] = [
  {
    flags: {
      ...common,
      base: 'BTC',
      quote: 'USDT',
      side: 'linear',
      multiplier: '0.001',
      'price-precision': '1',
      sort: '1',
    },
    tiers: '50000:125:0.004,250000:100:0.005,3000000:50:0.01,15000000:20:0.025,30000000:10:0.05',
  },
  {
    flags: {
      ...common,
      base: 'ETH',
      quote: 'USDT',
      side: 'linear',
      multiplier: '0.01',
      'price-precision': '2',
      sort: '2',
    },
    tiers: '50000:100:0.005,250000:75:0.0065,1000000:50:0.01,5000000:20:0.025',
  },
  {
    // Brackets in BTC, the margin coin: about Binance's coin-margined BTCUSD tiers.
    flags: {
      ...common,
      base: 'BTC',
      quote: 'USD',
      side: 'inverse',
      multiplier: '100',
      'price-precision': '1',
      sort: '3',
    },
    tiers: '5:125:0.004,10:100:0.005,20:50:0.01,50:20:0.025',
  },
  {
    // Simulated trading (user/receive_coupon's test money): the BTC perpetual's terms on the simulated account.
    flags: {
      ...common,
      type: 'S',
      base: 'BTC',
      quote: 'USDT',
      side: 'linear',
      multiplier: '0.001',
      'price-precision': '1',
      sort: '4',
    },
    tiers: '50000:125:0.004,250000:100:0.005,3000000:50:0.01,15000000:20:0.025,30000000:10:0.05',
  },
];

const ACTOR = 'seed:demo';

export async function seedDemoFutures(handle: DatabaseHandle, clock: Clock): Promise<void> {
  const ctx = { handle, clock, actor: ACTOR };
  const add = futuresCommands['contract add'];
  const brackets = futuresCommands['contract brackets'];
  if (!add || !brackets) throw new Error('demo seed: the futures admin commands are missing');
  for (const { flags, tiers } of demoContracts) {
    const name = contractName(flags.type ?? 'E', flags.base ?? '', flags.quote ?? '');
    const ever = await handle.db
      .selectFrom('contracts')
      .select('id')
      .where('contract_name', '=', name)
      .executeTakeFirst();
    if (!ever) await add.run(ctx, [], flags);
    const live = await findLiveContract(handle.db, name);
    if (live && (await listBrackets(handle.db, live.id)).length === 0) await brackets.run(ctx, [name], { tiers });
  }
}
