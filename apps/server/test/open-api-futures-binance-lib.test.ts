import { coOrderCreate } from '@opex/contract/calls/co-order';
import { CoinMClient, USDMClient, WebsocketClient } from 'binance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuturesApiServer, startFuturesApiServer } from './futures-api-fixtures.ts';
import { type TestClient, type TestServer, testDialects } from './harness.ts';
import { type ApiKey, type Json, newApiKey } from './open-api-fixtures.ts';
import { tradingInvariants } from './trading-fixtures.ts';

/**
 * tiagosiebler's `binance` package (USDMClient, CoinMClient, WebsocketClient) against the test server: every REST
 * base URL and WebSocket URL it is given is ours (`baseUrl`, `wsUrl`), so nothing reaches Binance. Its clock is set
 * to the server's through its time offset. Bob trades on the web as the other side. Also the risk endpoints it
 * calls (positionMargin/history, forceOrders after a liquidation, insuranceBalance) and the used-weight header.
 */
const [ALICE, BOB, CAROL] = [661, 662, 663];
const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };

describe.each(testDialects)('the binance package against the futures Open API on %s', (dialect) => {
  let server: TestServer;
  let base: string;
  let key: ApiKey;
  let bob: TestClient;
  let linearId: number;
  let inverseId: number;
  let started: FuturesApiServer;
  const clients: { closeAll?: (force?: boolean) => void }[] = [];
  const webOrder = (contractId: number, fields: Record<string, unknown>) =>
    bob.call(coOrderCreate, { contractId, side: 'SELL', open: 'OPEN', type: 1, volume: '1', ...fields });
  const contractIdOf = async (name: string) =>
    Number(
      (
        await server.services.database.db
          .selectFrom('contracts')
          .select('id')
          .where('contract_name', '=', name)
          .executeTakeFirstOrThrow()
      ).id,
    );
  /** A REST client of the package, on our server and the server's clock. */
  const rest = <T extends USDMClient | CoinMClient>(Client: new (options: object) => T, as = key): T => {
    const client = new Client({ api_key: as.apiKey, api_secret: as.secret, baseUrl: base, disableTimeSync: true });
    client.setTimeOffset(server.clock.now() - Date.now());
    return client;
  };
  /** The package's WebSocket client, its streams under `root` (/fstream, /dstream) and its listen keys from us. */
  const sockets = (root: string, as = key) => {
    const ws = new WebsocketClient(
      {
        api_key: as.apiKey,
        api_secret: as.secret,
        wsUrl: `${base.replace(/^http/, 'ws')}${root}`,
        restOptions: { baseUrl: base, disableTimeSync: true },
      },
      quiet,
    );
    clients.push(ws as never);
    const events: Json[] = [];
    ws.on('message', (message: Json) => events.push(message.data ?? message));
    const next = async (type: string) => {
      for (let i = 0; i < 60; i++) {
        const at = events.findIndex((e) => e.e === type);
        if (at >= 0) return events.splice(at, 1)[0];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${type} event; had ${JSON.stringify(events)}`);
    };
    return { ws, next };
  };

  beforeAll(async () => {
    started = await startFuturesApiServer(dialect, [ALICE, BOB, CAROL], { inverse: true });
    ({ server, base } = started);
    bob = started.clients[1] as TestClient;
    key = await newApiKey(server, ALICE);
    linearId = await contractIdOf('E-BTC-USDT');
    inverseId = await contractIdOf('E-BTC-USD');
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) c.closeAll?.(true);
    await server.close();
  });

  it('trades USD-M through USDMClient, followed by WebsocketClient', async () => {
    const usdm = rest(USDMClient);
    const [usdt] = await usdm.getBalanceV3();
    expect(usdt).toMatchObject({ asset: 'USDT', balance: '1000.00000000', availableBalance: '1000.00000000' });
    expect(await usdm.setLeverage({ symbol: 'BTCUSDT', leverage: 10 })).toMatchObject({ leverage: 10 });

    const { ws, next } = sockets('/fstream');
    await ws.subscribeUsdFuturesUserDataStream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Bob asks 10 contracts (0.01 BTC) at 20000; Alice buys at market: 0.1 USDT fee, 20 USDT margin at 10x.
    expect((await webOrder(linearId, { price: '20000', volume: '10' })).code).toBe('0');
    const bought = await usdm.submitNewOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.01 });
    expect(bought).toMatchObject({ status: 'FILLED', executedQty: '0.010', avgPrice: '20000.0' });
    const update = await next('ACCOUNT_UPDATE');
    expect(update.a).toMatchObject({
      m: 'ORDER',
      B: [{ a: 'USDT', wb: '999.90000000' }],
      P: [{ s: 'BTCUSDT', pa: '0.010', ep: '20000.0' }],
    });
    const filled = [await next('ORDER_TRADE_UPDATE'), await next('ORDER_TRADE_UPDATE')].at(-1);
    expect(filled.o).toMatchObject({ i: bought.orderId, X: 'FILLED', z: '0.010', n: '0.10000000', N: 'USDT' });

    const [position] = await usdm.getPositionsV3({ symbol: 'BTCUSDT' });
    expect(position).toMatchObject({ positionAmt: '0.010', entryPrice: '20000.0', initialMargin: '20.00000000' });
    const account = await usdm.getAccountInformationV3();
    expect(account).toMatchObject({ totalWalletBalance: '999.90000000', availableBalance: '979.90000000' });

    // A resting limit order, listed and cancelled.
    const resting = await usdm.submitNewOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: 0.005,
      price: 19000,
    });
    expect((await usdm.getAllOpenOrders({ symbol: 'BTCUSDT' })).map((o) => o.orderId)).toEqual([resting.orderId]);
    expect(await usdm.cancelOrder({ symbol: 'BTCUSDT', orderId: resting.orderId })).toMatchObject({
      status: 'CANCELED',
    });
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  }, 20_000);

  it('trades COIN-M through CoinMClient, followed by WebsocketClient', async () => {
    const coinm = rest(CoinMClient);
    const balances = await coinm.getBalance();
    expect(balances.find((b) => b.asset === 'BTC')).toMatchObject({ balance: '1.00000000' });
    const { ws, next } = sockets('/dstream');
    await ws.subscribeCoinFuturesUserDataStream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 10 contracts of 100 USD at 20000 is 0.05 BTC; the taker fee 0.05% of it 0.000025 BTC.
    expect((await webOrder(inverseId, { price: '20000', volume: '10' })).code).toBe('0');
    const bought = await coinm.submitNewOrder({ symbol: 'BTCUSD_PERP', side: 'BUY', type: 'MARKET', quantity: 10 });
    expect(bought).toMatchObject({ status: 'FILLED', executedQty: '10', cumBase: '0.05000000' });
    expect((await next('ACCOUNT_UPDATE')).a).toMatchObject({
      m: 'ORDER',
      B: [{ a: 'BTC', wb: '0.99997500' }],
      P: [{ s: 'BTCUSD_PERP', pa: '10', ep: '20000.0', ma: 'BTC' }],
    });
    const [position] = (await coinm.getPositions({ pair: 'BTCUSD' })) as Json[];
    expect(position).toMatchObject({ symbol: 'BTCUSD_PERP', positionAmt: '10', notionalValue: '0.05000000' });
    expect(await tradingInvariants(server.services.database.db, server.services.core)).toEqual([]);
  }, 20_000);

  it('lists isolated margin moves, liquidation orders and the insurance fund; counts the used weight', async () => {
    const carolKey = await newApiKey(server, CAROL);
    const carol = rest(USDMClient, carolKey);
    await carol.setMarginType({ symbol: 'BTCUSDT', marginType: 'ISOLATED' });
    await carol.setLeverage({ symbol: 'BTCUSDT', leverage: 10 });
    // Carol buys 10 contracts at 20000 from Bob, isolated at 10x: 20 USDT margin; she adds 5, then takes 5 back.
    expect((await webOrder(linearId, { price: '20000', volume: '10' })).code).toBe('0');
    await carol.submitNewOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.01 });
    // The package types `type` as '0' | '1'; Binance's (and ours) are 1 add, 2 reduce.
    const { ws, next } = sockets('/fstream', carolKey);
    await ws.subscribeUsdFuturesUserDataStream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await carol.setIsolatedPositionMargin({ symbol: 'BTCUSDT', amount: 5, type: '1' });
    // Her wallet is 1000 - 0.1 fee; 25 of it now the position's: the cross wallet 974.9.
    expect((await next('ACCOUNT_UPDATE')).a).toMatchObject({
      m: 'MARGIN_TRANSFER',
      B: [{ a: 'USDT', wb: '999.90000000', cw: '974.90000000', bc: '0.00000000' }],
      P: [{ s: 'BTCUSDT', pa: '0.010', mt: 'isolated', iw: '25.00000000', ps: 'BOTH' }],
    });
    await carol.setIsolatedPositionMargin({ symbol: 'BTCUSDT', amount: 5, type: '2' as never });
    const moves: Json[] = await carol.getPositionMarginChangeHistory({ symbol: 'BTCUSDT' });
    expect(moves.map((m) => [m.type, m.amount, m.asset, m.positionSide])).toEqual([
      [1, '5.00000000', 'USDT', 'BOTH'],
      [2, '5.00000000', 'USDT', 'BOTH'],
    ]);
    expect(await carol.getPositionMarginChangeHistory({ symbol: 'BTCUSDT', type: '2' as never })).toHaveLength(1);
    expect(await carol.getForceOrders({ symbol: 'BTCUSDT' })).toEqual([]);
    // An open isolated position's leverage may rise but not fall, as on Binance.
    await expect(carol.setLeverage({ symbol: 'BTCUSDT', leverage: 5 })).rejects.toMatchObject({
      code: -4161,
      message: 'Leverage reduction is not supported in Isolated Margin Mode with open positions.',
    });

    // Bob bids 10 at 18500, above Carol's bankruptcy price (20000 - 20 / 0.01 = 18000); the index falls to 15000 and
    // the liquidation sells her 10 contracts into that bid: a forced order, filled at 18500.
    expect((await webOrder(linearId, { side: 'BUY', price: '18500', volume: '10' })).code).toBe('0');
    const { db } = server.services.database;
    await started.admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '15000');
    await server.services.prices.current();
    await server.services.contractPrices.tick();
    for (let i = 0; i < 100 && !(await db.selectFrom('futures_liquidations').select('id').executeTakeFirst()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const [forced] = (await carol.getForceOrders({ symbol: 'BTCUSDT' })) as Json[];
    expect(forced).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'SELL',
      status: 'FILLED',
      executedQty: '0.010',
      avgPrice: '18500.0',
      reduceOnly: true,
    });
    expect(forced.clientOrderId).toBe(`autoclose-${forced.orderId}`);
    expect(await carol.getForceOrders({ symbol: 'BTCUSDT', autoCloseType: 'ADL' })).toEqual([]);

    // What her isolated margin kept, 20 - (20000 - 18500) x 0.01 = 5 USDT, cleared into the insurance fund.
    expect(await carol.getInsuranceFundBalance({ symbol: 'BTCUSDT' })).toMatchObject({
      symbols: ['BTCUSDT'],
      assets: [{ asset: 'USDT', marginBalance: '5.00000000' }],
    });
    expect(await carol.getInsuranceFundBalance()).toMatchObject([
      { symbols: ['BTCUSDT'], assets: [{ asset: 'USDT', marginBalance: '5.00000000' }] },
    ]);
    // Each request adds 1 to the address's weight of the minute.
    const weight = async () => Number((await fetch(`${base}/fapi/v1/time`)).headers.get('x-mbx-used-weight-1m'));
    const first = await weight();
    expect(await weight()).toBe(first + 1);
    expect(await tradingInvariants(db, server.services.core)).toEqual([]);
  }, 20_000);
});
