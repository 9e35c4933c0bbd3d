import Big from 'big.js';
import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../test/harness.ts';
import type { OrdersTable } from '../db/tables/trading.ts';
import type { MarketSpec } from './market-spec.ts';
import { OPEN_ORDER_FIELDS, openOrdersQuery } from './open-order-columns.ts';
import { OpenOrders, type OpenOrdersLoader } from './open-orders.ts';
import { type OrderState, orderFromRow } from './order-state.ts';

const spec = (symbol: string, p: number, v: number): MarketSpec => ({
  symbol,
  base: symbol.slice(0, 3).toUpperCase(),
  quote: symbol.slice(3).toUpperCase(),
  pricePrecision: p,
  volumePrecision: v,
  depthSteps: ['0.01'],
  limitVolumeMin: new Big(0),
  limitPriceMin: new Big(0),
  marketBuyMin: new Big(0),
  marketSellMin: new Big(0),
  makerFee: new Big(0),
  takerFee: new Big(0),
  makerFeeRate: 0n,
  takerFeeRate: 0n,
  minNotional: new Big(0),
  priceBandUp: new Big(0),
  priceBandDown: new Big(0),
  open: true,
  baseScale: 8,
  quoteScale: 8,
  margin: null,
  futures: null,
});
const specs = [spec('btcusdt', 2, 6), spec('trxusdt', 5, 1)];

const row = (r: Partial<Selectable<OrdersTable>> & { id: number }): Selectable<OrdersTable> => ({
  ...defaults(r.id),
  ...r,
});
const defaults = (id: number): Selectable<OrdersTable> => ({
  id,
  user_id: 7,
  account: 'exchange',
  symbol: 'btcusdt',
  side: 'BUY',
  type: 1,
  price: '100.50',
  volume: '2.000000',
  deal_volume: '0.000000',
  deal_money: '0',
  fee: '0',
  fee_coin: 'BTC',
  platform_fee: '0',
  platform_fee_coin: '',
  reserve: '201',
  status: 1,
  closed_by_exchange: 0,
  trigger_kind: 0,
  trigger_price: '0',
  client_order_id: null,
  reject_code: '',
  time_in_force: 'GTC',
  post_only: 0,
  by_quantity: 0,
  quote_order_qty: '0',
  stp_mode: 'NONE',
  auto_repay: 0,
  created_at: 1000 + id,
  updated_at: 2000 + id,
});

const rows = [
  row({ id: 3 }),
  row({ id: 5, side: 'SELL', symbol: 'trxusdt', price: '0.12345', volume: '10.5', reserve: '10.5', post_only: 1 }),
  row({
    id: 9,
    deal_volume: '0.5',
    deal_money: '50.25',
    fee: '0.0005',
    platform_fee: '0.01',
    platform_fee_coin: 'OPX',
    // More decimals than price × volume has: kept as stored, not as units.
    reserve: '150.7500000001',
    status: 3,
    client_order_id: 'abc',
    user_id: 8,
    // Another product's account (margin's) is read back with the order.
    account: 'lever:BTCUSDT',
  }),
  row({ id: 12, time_in_force: 'IOC', closed_by_exchange: 1, client_order_id: 'a,b,' }),
  row({
    id: 13,
    time_in_force: 'FOK',
    type: 2,
    deal_volume: '1.5',
    reserve: '50.25',
    platform_fee_coin: 'OPX',
    client_order_id: '',
  }),
];

/** What openOrdersQuery gives for a row: OPEN_ORDER_FIELDS joined by commas, NULLs left out (concat_ws). */
const add = (loader: OpenOrdersLoader, r: Selectable<OrdersTable>) =>
  loader.add(
    OPEN_ORDER_FIELDS.map((f) => r[f])
      .filter((v) => v !== null)
      .join(','),
  );

function loaded(): { open: OpenOrders; owners: Set<number>; markets: number[] } {
  const loader = OpenOrders.loader(specs);
  const markets = rows.map((r) => add(loader, r));
  const open = new OpenOrders();
  loader.finish(open);
  return { open, owners: loader.owners, markets };
}

/** Money is bigint: written as text, so equal orders compare equal. */
const plain = (o: OrderState | undefined) =>
  JSON.parse(JSON.stringify(o ?? null, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)));

describe('OpenOrders', () => {
  it('gives back every loaded order exactly as read from its row', () => {
    const { open, owners, markets } = loaded();
    expect(markets).toEqual([0, 1, 0, 0, 0]);
    expect(owners).toEqual(new Set([7, 8]));
    expect(open.size).toBe(5);
    for (const r of rows) {
      const expected = orderFromRow(r, specs.find((s) => s.symbol === r.symbol) as MarketSpec);
      const got = open.get(r.id);
      expect(plain(got)).toEqual(plain(expected));
      expect(got?.spec).toBe(expected.spec);
      expect(open.get(r.id)).toBe(got); // once taken out of the columns, the same object
    }
    expect(open.size).toBe(5);
  });

  it('has, set, delete and get over loaded and new orders, unknown ids included', () => {
    const { open } = loaded();
    expect(open.has(5)).toBe(true);
    expect(open.has(4)).toBe(false);
    expect(open.get(4)).toBeUndefined();
    expect(open.delete(5)).toBe(true);
    expect(open.has(5)).toBe(false);
    expect(open.get(5)).toBeUndefined();
    expect(open.delete(5)).toBe(false);
    const fresh = orderFromRow(row({ id: 20 }), specs[0] as MarketSpec);
    open.set(20, fresh);
    expect(open.get(20)).toBe(fresh);
    const replaced = orderFromRow(row({ id: 3, price: '1.00' }), specs[0] as MarketSpec);
    open.set(3, replaced);
    expect(open.get(3)).toBe(replaced);
    expect(open.size).toBe(5);
    expect(open.delete(3)).toBe(true);
    expect(open.delete(20)).toBe(true);
    expect(open.size).toBe(3);
  });

  it('refuses rows out of id order and names markets it does not know', () => {
    const loader = OpenOrders.loader(specs);
    expect(add(loader, row({ id: 4, symbol: 'nosuch' }))).toBe(-1);
    expect(loader.unknownMarkets).toEqual(new Set(['nosuch']));
    add(loader, row({ id: 4 }));
    expect(() => add(loader, row({ id: 4 }))).toThrow(/id order/);
    expect(() => add(loader, row({ id: 6, price: '1.001' }))).toThrow(/precision/);
    expect(() => add(loader, row({ id: 7, volume: '-1' }))).toThrow(/not a non-negative decimal/);
  });
});

describe('OpenOrdersLoader.bookOrders', () => {
  it("gives one market's orders in id order with their remaining lots and side", () => {
    const loader = OpenOrders.loader(specs);
    for (const r of rows) add(loader, r);
    const btc = loader.bookOrders(0, 10, 11, () => 99).orders;
    expect(btc.map((o) => [o.id, o.owner, o.price, o.remaining, o.seq, o.flags])).toEqual([
      [3, 7, 10050, 2_000_000, 1, 10],
      [9, 8, 10050, 1_500_000, 2, 10],
      [12, 7, 10050, 2_000_000, 3, 10],
      [13, 7, 10050, 500_000, 4, 10],
    ]);
    expect(loader.bookOrders(1, 10, 11, () => 99).orders.map((o) => [o.id, o.price, o.remaining, o.flags])).toEqual([
      [5, 12345, 105, 11],
    ]);
  });
});

describe.each(testDialects)('openOrdersQuery on %s', (dialect) => {
  it('reads back exactly the stored open orders, in id order, closed ones left out', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const closed = row({ id: 4, status: 4 });
      // Stored out of id order: the query orders them.
      for (const r of [...rows].reverse().concat(closed)) await database.db.insertInto('orders').values(r).execute();
      const loader = OpenOrders.loader(specs);
      for (const { line } of await openOrdersQuery(database.db).execute()) loader.add(line);
      const open = new OpenOrders();
      loader.finish(open);
      expect(open.size).toBe(rows.length);
      expect(open.has(4)).toBe(false);
      const stored = await database.db.selectFrom('orders').selectAll().where('id', '!=', 4).orderBy('id').execute();
      for (const r of stored) {
        const expected = orderFromRow(r, specs.find((s) => s.symbol === r.symbol) as MarketSpec);
        expect(plain(open.get(r.id))).toEqual(plain(expected));
      }
    } finally {
      await database.drop();
    }
  });
});
