import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { owedInFull } from '../core/margin/loan-interest.ts';
import { accrued } from '../core/margin/margin-account.ts';
import type { LendingRules } from '../core/margin/margin-rules.ts';
import type { Database } from '../db/schema.ts';
import { leverAccount } from '../ledger/accounts.ts';
import { ledgerFixed, parseLedger } from '../ledger/ledger-units.ts';
import { allPairViews, openLoans, pairPrice, pairView, priceText } from '../margin/margin-reads.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { allMarkets } from './exchange-info.ts';
import { movementRefusal } from './margin-errors.ts';
import { interestRow, isolatedAccount, isolatedMarginData, isolatedPair as pairInfo, tranId } from './margin-format.ts';
import {
  amountParam,
  isolatedPair,
  type MarginSpec,
  marginReader,
  pairAsset,
  requireIsolated,
} from './margin-params.ts';
import { verifySigned } from './signed-request.ts';

/**
 * Binance's isolated margin account endpoints under /sapi, as CCXT's `binance` calls them: borrowing and repaying
 * (borrow-repay), moving money between the spot and a pair's margin account (asset/transfer), the account, the
 * pairs and their rates, what may be borrowed or moved out, and the interest history. Every change is a command of the trading
 * core (core/margin/margin-commands.ts) carrying the pair's index price; reads are margin/margin-reads.ts, the same
 * the web's lever pages read. Borrowing, repaying and moving need the key's `trade` permission.
 */
const INTEREST_PAGE_MAX = 100;
const INTEREST_PAGE_DEFAULT = 10;
const MAX_SYMBOLS = 5;
/** Binance's default recvWindow (ms). */
const DEFAULT_WINDOW = 5000;

export function registerMarginRoutes(scope: FastifyInstance, services: Services): void {
  const { db } = services.database;
  const { core, clock } = services;
  const reader = marginReader(services);
  const indexPrice = (spec: MarginSpec) => priceText(pairPrice(reader, spec));
  const marginPairs = async () =>
    (await allMarkets(services)).filter((s): s is MarginSpec => s.margin !== null && s.open);

  scope.post('/v1/margin/borrow-repay', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'trade');
    requireIsolated(params);
    const spec = isolatedPair(services, params);
    const coin = pairAsset(spec, params);
    const amount = amountParam(params);
    const type = params.required('type');
    // The request's window (signed-request.ts checked both): how long ago its sender may have read what is owed.
    const readSince = Number(params.required('timestamp')) - Number(params.optional('recvWindow') ?? DEFAULT_WINDOW);
    params.done();
    const symbol = spec.symbol;
    const price = indexPrice(spec);
    if (type === 'BORROW') {
      const outcome = await core.execute('marginBorrow', { userId, symbol, coin, amount, price });
      if (!outcome.ok) throw movementRefusal(outcome.code);
      return tranId(outcome.loanId);
    }
    if (type !== 'REPAY') throw binanceErrors.invalidParameter('type');
    const lending = spec.margin.coins.get(coin) as LendingRules;
    const repaying = await repayAmount(db, userId, spec, lending, amount, [readSince, clock.now()]);
    const outcome = await core.execute('marginRepay', { userId, symbol, coin, amount: repaying, price });
    if (!outcome.ok) throw movementRefusal(outcome.code);
    const row = await db
      .selectFrom('margin_repayments')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return tranId(row.id);
  });

  // CCXT's transfer() between 'spot' and 'isolated' ({symbol}) sends these two types.
  scope.post('/v1/asset/transfer', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'trade');
    const type = params.required('type');
    const direction = type === 'MAIN_ISOLATED_MARGIN' ? 'in' : type === 'ISOLATED_MARGIN_MAIN' ? 'out' : null;
    if (direction === null)
      throw new BinanceError(
        BinanceCode.invalidParameter,
        `Invalid data sent for a parameter: 'type'. Transfers here are MAIN_ISOLATED_MARGIN and ISOLATED_MARGIN_MAIN.`,
      );
    const spec = isolatedPair(services, params, direction === 'in' ? 'toSymbol' : 'fromSymbol');
    const coin = pairAsset(spec, params);
    const amount = amountParam(params);
    params.done();
    const outcome = await core.execute('marginTransfer', {
      userId,
      symbol: spec.symbol,
      coin,
      amount,
      direction,
      price: indexPrice(spec),
    });
    if (!outcome.ok) throw movementRefusal(outcome.code);
    const entry = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('owner_id', '=', userId)
      .where('account', '=', leverAccount(spec.symbol))
      .where('cause', '=', 'transfer')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return tranId(entry.id);
  });

  scope.get('/v1/margin/isolated/account', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'read');
    const names = params.optional('symbols')?.split(',');
    params.done();
    const pairs = await marginPairs();
    let specs = pairs;
    if (names) {
      if (names.length > MAX_SYMBOLS) throw binanceErrors.invalidParameter('symbols');
      specs = names.map((name) => {
        const spec = pairs.find((s) => s.symbol === name.trim().toLowerCase());
        if (!spec) throw new BinanceError(BinanceCode.badMarginPair, 'Not a valid margin pair.');
        return spec;
      });
    }
    const views = await allPairViews(reader, userId, specs, clock.now());
    return isolatedAccount(views, services.prices.latest(), names === undefined);
  });

  scope.get('/v1/margin/isolatedMarginData', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'read');
    params.integer('vipLevel', { min: 0 });
    const spec = params.optional('symbol') === undefined ? null : isolatedPair(services, params);
    params.done();
    const views = await allPairViews(reader, userId, spec ? [spec] : await marginPairs(), clock.now());
    return views.map(isolatedMarginData);
  });

  scope.get('/v1/margin/isolated/pair', async (request) => {
    const { params } = await verifySigned(services, request, 'read');
    const spec = isolatedPair(services, params);
    params.done();
    return pairInfo(spec);
  });

  scope.get('/v1/margin/isolated/allPairs', async (request) => {
    const { params } = await verifySigned(services, request, 'read');
    const symbol = params.optional('symbol');
    params.done();
    const pairs = (await marginPairs()).map(pairInfo);
    return symbol === undefined ? pairs : pairs.filter((p) => p.symbol === symbol.toUpperCase());
  });

  // What may be borrowed now, or moved out to the spot account, of one coin of an isolated pair.
  for (const [path, figure] of [
    ['/v1/margin/maxBorrowable', 'canBorrow'],
    ['/v1/margin/maxTransferable', 'canTransfer'],
  ] as const) {
    scope.get(path, async (request) => {
      const { userId, params } = await verifySigned(services, request, 'read');
      const spec = isolatedPair(services, params, 'isolatedSymbol');
      const coin = pairAsset(spec, params);
      params.done();
      const view = await pairView(reader, userId, spec, clock.now());
      if (!view.risk)
        throw new BinanceError(BinanceCode.noIndexPrice, 'PriceIndex not available for this margin pair.');
      const amounts = view.risk[figure];
      const amount = ledgerFixed(coin === spec.base ? amounts.base : amounts.quote, 8);
      return figure === 'canBorrow' ? { amount, borrowLimit: amount } : { amount };
    });
  }

  scope.get('/v1/margin/interestHistory', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'read');
    const asset = params.optional('asset')?.toUpperCase();
    const symbol = params.optional('isolatedSymbol')?.toUpperCase();
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    const page = params.integer('current', { min: 1, fallback: 1 }) as number;
    const size = params.integer('size', { min: 1, max: INTEREST_PAGE_MAX, fallback: INTEREST_PAGE_DEFAULT }) as number;
    params.optional('archived');
    params.done();
    let query = db
      .selectFrom('ledger_entries')
      .where('owner_id', '=', userId)
      .where('cause', '=', 'interest')
      .where('account', symbol ? '=' : 'like', symbol ? `loan:${symbol}` : 'loan:%');
    if (asset) query = query.where('coin', '=', asset);
    if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
    const [{ total }, entries] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
    ]);
    const loanIds = [...new Set(entries.map((e) => Number(e.cause_id.slice('loan:'.length))))];
    const loans = loanIds.length
      ? await db.selectFrom('margin_loans').selectAll().where('id', 'in', loanIds).execute()
      : [];
    const loanOf = new Map(loans.map((l) => [`loan:${l.id}`, l]));
    const rows = entries.flatMap((e) => {
      const loan = loanOf.get(e.cause_id);
      return loan ? [interestRow(e, loan)] : [];
    });
    return { rows, total: Number(total) };
  });
}

/**
 * What a REPAY asks the core for. Interest accrues by the millisecond here (hourly on Binance), so the debt a bot read
 * a moment before signing may be a unit short by the time the request arrives: an amount that covered everything
 * owed at some moment of the request's receive window, and is not more than is owed now, repays everything ('all').
 * Any other amount is repaid as sent (the core refuses one above what is owed).
 */
async function repayAmount(
  db: Kysely<Database>,
  userId: number,
  spec: MarginSpec,
  lending: LendingRules,
  amount: string,
  [readSince, now]: [number, number],
): Promise<string> {
  const loans = (await openLoans(db, userId, spec.symbol)).filter((l) => l.coin === lending.coin);
  // Accrued in time order: a loan keeps what it accrued to the later moment.
  const owedAt = (at: number) =>
    loans.reduce((sum, loan) => sum + owedInFull(accrued(loan, at).loan, lending.scale), 0n);
  const [then, current] = [owedAt(readSince), owedAt(now)];
  const sent = parseLedger(amount);
  return sent !== null && then > 0n && sent >= then && sent <= current ? 'all' : amount;
}
