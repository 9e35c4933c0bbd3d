import type { Insertable, Kysely } from 'kysely';
import { cumulativeAmounts } from '../src/catalog/contract-brackets.ts';
import { addContract, type Contract, saveBrackets } from '../src/catalog/contracts.ts';
import type { Database } from '../src/db/schema.ts';
import type { ContractsTable } from '../src/db/tables/futures.ts';
import type { TestServer } from './harness.ts';

/** Futures contracts for tests, written as the operator's `contract add` and `contract brackets` write them. */

/** E-BTC-USDT: linear, 0.001 BTC a contract, price to 0.1, maker 0.02%, taker 0.05%, 5% price range. */
export async function seedContract(
  db: Kysely<Database>,
  overrides: Partial<Insertable<ContractsTable>> = {},
  tiers = '50000:125:0.004,250000:100:0.005,1000000:50:0.01',
): Promise<Contract> {
  const id = await addContract(
    db,
    {
      contract_type: 'E',
      contract_side: 1,
      base: 'BTC',
      quote: 'USDT',
      margin_coin: 'USDT',
      multiplier: '0.001',
      multiplier_coin: 'BTC',
      price_precision: 1,
      min_order_volume: '1',
      max_limit_volume: '100000',
      min_order_money: '0',
      max_market_money: '1000000',
      price_range: '0.05',
      capital_frequency: 8,
      capital_start_time: 0,
      funding_cap: '0.0075',
      maker_fee: '0.0002',
      taker_fee: '0.0005',
      delivery_time: null,
      status: 'listed',
      sort: 1,
      depth_steps: '1,0',
      funds_in_status: 1,
      funds_out_status: 1,
      ...overrides,
    },
    0,
  );
  const contract = await db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const parsed = tiers.split(',').map((t) => {
    const [cap, lev, rate] = t.split(':');
    return { maxNotional: cap as string, maxLeverage: Number(lev), maintenanceRate: rate as string };
  });
  const cums = cumulativeAmounts(parsed);
  await saveBrackets(
    db,
    contract,
    parsed.map((t, i) => ({
      tier: i + 1,
      max_notional: t.maxNotional,
      max_leverage: t.maxLeverage,
      maintenance_rate: t.maintenanceRate,
      cumulative_amount: cums[i] as string,
    })),
    0,
  );
  return contract;
}

/**
 * The operator's `contract add` for a perpetual BTC contract on `quote`: linear, 0.001 BTC a contract, price to 0.1,
 * maker 0.02%, taker 0.05%; `extra` flags replace or add.
 */
export const linearContractAdd = (quote = 'USDT', ...extra: string[]) => [
  ...['contract', 'add', '--base', 'BTC', '--quote', quote, '--type', 'E', '--side', 'linear'],
  ...['--multiplier', '0.001', '--price-precision', '1', '--max-limit-volume', '100000'],
  ...['--max-market-money', '1000000', '--maker-fee', '0.0002', '--taker-fee', '0.0005'],
  ...extra,
];

type Admin = (...argv: string[]) => Promise<unknown>;

/** The coins the futures tests' contracts are on: BTC (8 places, shown 6) and USDT (6 places, shown 2). */
export async function addBtcAndUsdt(admin: Admin): Promise<void> {
  await admin('coin', 'add', '--symbol', 'BTC', '--name', 'Bitcoin', '--show-precision', '6', '--scale', '8');
  await admin('coin', 'add', '--symbol', 'USDT', '--name', 'Tether USD', '--show-precision', '2', '--scale', '6');
}

/** The brackets most futures tests give BTC: 125x to 50,000 at 0.4%, 100x to 250,000 at 0.5%. */
export const BTC_BRACKETS = '50000:125:0.004,250000:100:0.005';

/** BTC's USD price set by the operator, and the index and mark worked out again from it at once. */
export async function btcPriceTo(server: TestServer, admin: Admin, price: string): Promise<void> {
  await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', price);
  await server.services.prices.current();
  await server.services.contractPrices.tick();
}
