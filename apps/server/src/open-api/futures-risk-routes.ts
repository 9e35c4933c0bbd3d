import type { FastifyInstance } from 'fastify';
import { SYSTEM_OWNER } from '../ledger/accounts.ts';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { binanceErrors } from './binance-error.ts';
import { type FuturesTradeDeps, futuresCaller } from './futures-account-routes.ts';
import { type FuturesMarket, findFuturesMarket, futuresMarkets } from './futures-markets.ts';
import { futuresOrder } from './futures-order-format.ts';
import { QueryParams } from './query-params.ts';

/**
 * The futures families' risk endpoints: the caller's liquidation orders (`forceOrders`), the isolated margin they
 * moved into and out of positions (`positionMargin/history`), and the insurance fund's balance per margin coin
 * (`insuranceBalance`, public; the ledger's futures_insurance account, as common/get_risk_account reads it).
 */
const FORCED = 6;

export function registerFuturesRiskRoutes(scope: FastifyInstance, { services, family }: FuturesTradeDeps): void {
  const { db } = services.database;

  /** A time window's bounds, as Binance takes them: startTime and endTime in ms, each optional. */
  const window = (params: QueryParams) => {
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    if (startTime !== undefined && endTime !== undefined && startTime > endTime)
      throw binanceErrors.illegal('startTime');
    return { startTime, endTime };
  };

  // Liquidation orders: the orders the liquidation placed for the caller's positions (the fund's takeover and
  // auto-deleveraging place none here, so autoCloseType=ADL finds none).
  scope.get('/v1/forceOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const symbol = params.optional('symbol');
    const autoCloseType = params.optional('autoCloseType');
    if (autoCloseType !== undefined && autoCloseType !== 'LIQUIDATION' && autoCloseType !== 'ADL')
      throw binanceErrors.illegal('autoCloseType');
    const { startTime, endTime } = window(params);
    const limit = params.integer('limit', { min: 1, max: 100, fallback: 50 }) as number;
    params.done();
    const wanted = symbol === undefined ? null : await findFuturesMarket(services, family, symbol);
    if (autoCloseType === 'ADL') return [];
    const markets = new Map((await futuresMarkets(services, family)).map((m) => [m.book, m]));
    const books = wanted ? [wanted.book] : [...markets.keys()];
    if (books.length === 0) return [];
    let query = db
      .selectFrom('orders as o')
      .innerJoin('futures_orders as f', 'f.order_id', 'o.id')
      .selectAll('o')
      .where('f.user_id', '=', userId)
      .where('f.kind', '=', FORCED)
      .where('f.symbol', 'in', books);
    if (startTime !== undefined) query = query.where('o.created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('o.created_at', '<=', endTime);
    const rows = await query.orderBy('o.id', 'desc').limit(limit).execute();
    if (rows.length === 0) return [];
    const facts = await db
      .selectFrom('futures_orders')
      .selectAll()
      .where(
        'order_id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    const factOf = new Map(facts.map((f) => [Number(f.order_id), f]));
    // Binance names a liquidation's orders autoclose-<id>.
    return rows.map((row) => ({
      ...futuresOrder(row, factOf.get(Number(row.id)), markets.get(row.symbol) as FuturesMarket),
      clientOrderId: `autoclose-${row.id}`,
    }));
  });

  // Margin the caller added to (type 1) or removed from (type 2) an isolated position.
  scope.get('/v1/positionMargin/history', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    const type = params.optional('type');
    if (type !== undefined && type !== '1' && type !== '2') throw binanceErrors.illegal('type');
    const { startTime, endTime } = window(params);
    const limit = params.integer('limit', { min: 1, max: 500, fallback: 500 }) as number;
    params.done();
    // The caller's own margin moves name their position (position:<id>); a fill's margin names its trade.
    let query = db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('account', '=', 'co')
      .where('cause', '=', 'position_margin')
      .where('field', '=', 'locked')
      .where('cause_id', 'like', 'position:%');
    if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
    const moves = await query.orderBy('id').execute();
    const ids = [...new Set(moves.map((r) => Number(r.cause_id.slice('position:'.length))))];
    const positions = ids.length
      ? await db
          .selectFrom('futures_positions')
          .select(['id', 'position_side'])
          .where('id', 'in', ids)
          .where('symbol', '=', m.book)
          .execute()
      : [];
    const sideOf = new Map(positions.map((p) => [`position:${p.id}`, p.position_side.toUpperCase()]));
    const rows = moves.filter((r) => sideOf.has(r.cause_id));
    return rows
      .map((r) => {
        const delta = ledgerOf(r.delta);
        return {
          symbol: m.symbol,
          type: delta < 0n ? 2 : 1,
          deltaType: 'USER_ADJUST',
          amount: ledgerFixed(delta < 0n ? -delta : delta, 8),
          asset: r.coin.toUpperCase(),
          time: Number(r.created_at),
          positionSide: sideOf.get(r.cause_id) as string,
        };
      })
      .filter((row) => type === undefined || row.type === Number(type))
      .slice(0, limit);
  });

  scope.get('/v1/insuranceBalance', async (request) => {
    const params = new QueryParams(request.query as Record<string, string>);
    const symbol = params.optional('symbol');
    params.done();
    const markets =
      symbol === undefined
        ? await futuresMarkets(services, family)
        : [await findFuturesMarket(services, family, symbol)];
    const funds = await db
      .selectFrom('balances')
      .selectAll()
      .where('owner_id', '=', SYSTEM_OWNER)
      .where('account', '=', 'futures_insurance')
      .execute();
    const groups = [...new Set(markets.map((m) => m.contract.margin_coin.toUpperCase()))].map((coin) => {
      const fund = funds.find((f) => f.coin.toUpperCase() === coin);
      return {
        symbols: markets.filter((m) => m.contract.margin_coin.toUpperCase() === coin).map((m) => m.symbol),
        assets: [
          {
            asset: coin,
            marginBalance: ledgerFixed(ledgerOf(fund?.available ?? '0'), 8),
            updateTime: fund ? Number(fund.updated_at) : 0,
          },
        ],
      };
    });
    return symbol === undefined ? groups : groups[0];
  });
}
