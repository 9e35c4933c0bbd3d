import type { FastifyInstance } from 'fastify';
import { interestRate } from '../core/futures/funding.ts';
import { nextFundingTime } from '../core/futures/funding-times.ts';
import type { PriceKind } from '../db/tables/futures-prices.ts';
import { shownPrice } from '../futures/contract-prices.ts';
import { fundingRates } from '../futures/funding-store.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import { candleStart } from '../market-data/kline-periods.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { type FuturesDeps, selectFutures } from './futures-market-routes.ts';
import { type FuturesMarket, findFuturesMarket, futuresMarkets, quantityOf } from './futures-markets.ts';
import { checkTimeZone, type KlineQuery, readKlineQuery } from './kline-query.ts';
import { klineCloseTime, klineIntervals } from './market-format.ts';
import { respond } from './market-routes.ts';
import { QueryParams } from './query-params.ts';

/**
 * The futures families' price and funding endpoints: mark and index price now (premiumIndex), the funding schedule
 * and history, mark and index price K-lines from the stored one-minute bars (futures/price-bars.ts), and open
 * interest from the open positions. Prices at the contract's precision, truncated as the pages show them.
 */
type Query = Record<string, string | string[] | undefined>;

const FUNDING_MAX = 1000;
const PRICE_KLINES_MAX = 1500;

export function registerFuturesPriceRoutes(scope: FastifyInstance, { services, family }: FuturesDeps): void {
  const { db } = services.database;
  const dapi = family === 'dapi';

  scope.get('/v1/premiumIndex', async (request) => {
    const q = new QueryParams(request.query as Query);
    const { one, markets } = await selectFutures(services, family, q);
    q.done();
    return respond(one, await Promise.all(markets.map((m) => premiumIndex(services, m))));
  });

  scope.get('/v1/fundingRate', async (request) => {
    const q = new QueryParams(request.query as Query);
    const symbol = q.optional('symbol');
    const startTime = q.integer('startTime', { min: 0 });
    const endTime = q.integer('endTime', { min: 0 });
    const limit = q.integer('limit', { min: 1, max: FUNDING_MAX, fallback: 100 }) as number;
    q.done();
    const markets = symbol
      ? [await findFuturesMarket(services, family, symbol)]
      : await futuresMarkets(services, family);
    const bySymbol = new Map(markets.map((m) => [m.contract.id, m]));
    // From startTime forwards, else the latest `limit` (up to endTime): oldest first either way.
    let query = db
      .selectFrom('funding_rates')
      .select(['contract_id', 'funding_time', 'rate', 'mark'])
      .where('contract_id', 'in', [...bySymbol.keys(), -1]);
    if (startTime !== undefined) query = query.where('funding_time', '>=', startTime);
    if (endTime !== undefined) query = query.where('funding_time', '<=', endTime);
    const forwards = startTime !== undefined;
    const rows = await query
      .orderBy('funding_time', forwards ? 'asc' : 'desc')
      .orderBy('contract_id')
      .limit(limit)
      .execute();
    if (!forwards) rows.reverse();
    return rows.map((r) => {
      const m = bySymbol.get(Number(r.contract_id)) as FuturesMarket;
      return {
        symbol: m.symbol,
        fundingTime: Number(r.funding_time),
        fundingRate: r.rate,
        ...(dapi ? {} : { markPrice: r.mark === null ? '' : shownPrice(ledgerOf(r.mark), m.contract.price_precision) }),
      };
    });
  });

  scope.get('/v1/fundingInfo', async (request) => {
    new QueryParams(request.query as Query).done();
    const markets = await futuresMarkets(services, family);
    return markets
      .filter((m) => m.contract.delivery_time === null)
      .map((m) => ({
        symbol: m.symbol,
        adjustedFundingRateCap: m.contract.funding_cap,
        adjustedFundingRateFloor: `-${m.contract.funding_cap}`,
        fundingIntervalHours: m.contract.capital_frequency,
        disclaimer: false,
      }));
  });

  const priceKlines = (kind: PriceKind, byPair: boolean) => async (request: { query: unknown }) => {
    const q = new QueryParams(request.query as Query);
    let m: FuturesMarket | undefined;
    if (byPair) {
      // An index is the pair's, whichever of its contracts is asked.
      const pair = q.required('pair').toUpperCase();
      m = (await futuresMarkets(services, family)).find((x) => x.pair === pair);
      if (!m) throw binanceErrors.badSymbol();
    } else m = await findFuturesMarket(services, family, q.required('symbol'));
    const k = readKlineQuery(q, PRICE_KLINES_MAX);
    checkTimeZone(q.optional('timeZone'));
    q.done();
    return priceBars(services, m, kind, k);
  };
  scope.get('/v1/markPriceKlines', priceKlines('mark', false));
  scope.get('/v1/indexPriceKlines', priceKlines('index', true));

  scope.get('/v1/openInterest', async (request) => {
    const q = new QueryParams(request.query as Query);
    const m = await findFuturesMarket(services, family, q.required('symbol'));
    q.done();
    const rows = await db
      .selectFrom('futures_positions')
      .select('qty')
      .where('contract_id', '=', m.contract.id)
      .where('open', '=', 1)
      .execute();
    // Every open contract has a long and a short holder: the longs' sum.
    const longs = rows.reduce((sum, r) => (BigInt(r.qty) > 0n ? sum + BigInt(r.qty) : sum), 0n);
    const time = services.clock.now();
    return dapi
      ? {
          symbol: m.symbol,
          pair: m.pair,
          openInterest: quantityOf(m, longs.toString()),
          contractType: m.contractType,
          time,
        }
      : { openInterest: quantityOf(m, longs.toString()), symbol: m.symbol, time };
  });
}

/**
 * GET premiumIndex for one contract. lastFundingRate is the rate the running interval is heading for (to be paid at
 * nextFundingTime), as Binance's is; the estimated settle price is the index. Dated contracts have no funding.
 */
export async function premiumIndex(services: Services, m: FuturesMarket) {
  const c = m.contract;
  const { contractPrices } = services;
  const now = services.clock.now();
  const price = (units: bigint | null) => shownPrice(units, c.price_precision);
  const perpetual = c.delivery_time === null;
  const schedule = { frequencyHours: c.capital_frequency, startHour: c.capital_start_time };
  const rates = perpetual ? await fundingRates(services.database.db, c, now) : null;
  return {
    symbol: m.symbol,
    ...(m.family === 'dapi' ? { pair: m.pair } : {}),
    markPrice: price(contractPrices.markOf(m.book)),
    indexPrice: price(contractPrices.indexOf(m.book)),
    estimatedSettlePrice: price(contractPrices.indexOf(m.book)),
    lastFundingRate: rates?.next ?? '',
    interestRate: perpetual ? ledgerText(interestRate(BigInt(c.capital_frequency))) : '',
    nextFundingTime: perpetual ? nextFundingTime(schedule, now) : 0,
    time: now,
  };
}

/**
 * The contract's index or mark price bars of an interval, folded from the stored one-minute bars: the first
 * `limit` from startTime, else the last `limit` up to endTime (or now). Rows in Binance's K-line shape, the
 * minutes folded in as the count, volumes '0'.
 */
async function priceBars(services: Services, m: FuturesMarket, kind: PriceKind, k: KlineQuery) {
  const period = klineIntervals[k.interval];
  const end = k.endTime ?? services.clock.now();
  let from: number;
  if (k.startTime !== undefined) from = k.startTime;
  else {
    let open = candleStart(period, end);
    for (let i = 1; i < k.limit; i++) open = candleStart(period, open * 1000 - 1);
    from = open * 1000;
  }
  const rows = await services.database.db
    .selectFrom('futures_price_klines')
    .select(['open_time', 'open', 'high', 'low', 'close'])
    .where('contract_id', '=', m.contract.id)
    .where('kind', '=', kind)
    .where('open_time', '>=', from)
    .where('open_time', '<=', end)
    .orderBy('open_time')
    .execute();
  const bars = new Map<number, { open: bigint; high: bigint; low: bigint; close: bigint; count: number }>();
  for (const r of rows) {
    const at = candleStart(period, Number(r.open_time));
    const [open, high, low, close] = [r.open, r.high, r.low, r.close].map(ledgerOf) as [bigint, bigint, bigint, bigint];
    const bar = bars.get(at);
    if (!bar) bars.set(at, { open, high, low, close, count: 1 });
    else {
      if (high > bar.high) bar.high = high;
      if (low < bar.low) bar.low = low;
      bar.close = close;
      bar.count++;
    }
  }
  const opens = [...bars.keys()];
  const chosen = k.startTime !== undefined ? opens.slice(0, k.limit) : opens.slice(-k.limit);
  const price = (units: bigint) => shownPrice(units, m.contract.price_precision);
  return chosen.map((at) => {
    const b = bars.get(at) as { open: bigint; high: bigint; low: bigint; close: bigint; count: number };
    const close = klineCloseTime(k.interval, at);
    return [
      at * 1000,
      price(b.open),
      price(b.high),
      price(b.low),
      price(b.close),
      '0',
      close,
      '0',
      b.count,
      '0',
      '0',
      '0',
    ];
  });
}
