import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findCoin } from '../catalog/coins.ts';
import { type Contract, LIVE, listBrackets, listContracts } from '../catalog/contracts.ts';
import { type CoinAccount, futuresAccount } from '../futures/futures-account.ts';
import { futuresSettings } from '../futures/futures-settings.ts';
import { contractHoldings, editUserConfig, hasFuturesAccount } from '../futures/user-config.ts';
import { ledgerFixed, ledgerText, parseLedger, truncateLedger } from '../ledger/ledger-units.ts';
import { topLeverage } from '../modules/co/contract-views.ts';
import { permissionsOf } from '../modules/openapi/api-keys.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { futuresErrors, futuresRefusal, leverageRefusal } from './futures-errors.ts';
import {
  type FuturesFamily,
  type FuturesMarket,
  findFuturesMarket,
  futuresMarkets,
  quantityOf,
} from './futures-markets.ts';
import { type Permission, verifySigned } from './signed-request.ts';

/**
 * The futures families' signed account endpoints in Binance's shapes: the account and balances of the family's
 * margin coins (fapi v2 and v3, dapi v1), positions (positionRisk), the per-symbol leverage and margin type, the
 * position mode (positionSide/dual: one setting across the family, as Binance keeps it per account), isolated
 * margin moved, fee rates and leverage brackets, and `/sapi/v1/futures/transfer`. Settings are the user's co
 * settings (futures/user-config.ts) and change under the same rule as on the web: not while the contract holds a
 * position or an open order. Amounts are printed with 8 decimals.
 */
export interface FuturesTradeDeps {
  services: Services;
  family: FuturesFamily;
}

const amount = (units: bigint) => ledgerFixed(units, 8);

/** The signed caller of a futures endpoint; one without a futures account is refused as the web refuses it. */
export async function futuresCaller(services: Services, request: FastifyRequest, permission: Permission) {
  const caller = await verifySigned(services, request, permission);
  if (!(await hasFuturesAccount(services.database.db, caller.userId))) throw futuresRefusal(ErrorCode.futuresNoAccount);
  return caller;
}

/** The family's margin coins (USDT for fapi, BTC for dapi...). */
const marginCoins = (markets: FuturesMarket[]) => [
  ...new Set(markets.map((m) => m.contract.margin_coin.toUpperCase())),
];

/** The family's accounts and positions, each position with its market. */
export async function familyAccounts(services: Services, family: FuturesFamily, userId: number) {
  const markets = await futuresMarkets(services, family);
  const coins = marginCoins(markets);
  const accounts = (await futuresAccount(services, userId, services.contractPrices, coins, 'co')).filter((a) =>
    coins.includes(a.coin),
  );
  const byBook = new Map(markets.map((m) => [m.book, m]));
  const positions = accounts.flatMap((account) =>
    account.positions.flatMap((valued) => {
      const market = byBook.get(valued.position.symbol);
      return market ? [{ ...valued, market, account }] : [];
    }),
  );
  return { markets, accounts, positions };
}

export type FamilyPosition = Awaited<ReturnType<typeof familyAccounts>>['positions'][number];

const positionSideText = (p: FamilyPosition) => p.position.positionSide.toUpperCase();

/** A position's initial margin at its leverage: notional / leverage (an isolated one's is its margin). */
const initialMarginOf = (p: FamilyPosition) =>
  p.position.marginMode === 2 ? p.position.margin : p.notional / BigInt(Math.max(1, p.position.leverage));

export function assetRow(a: CoinAccount, family: FuturesFamily, positions: FamilyPosition[], updateTime: number) {
  const mine = positions.filter((p) => p.account === a);
  const wallet = a.available + a.locked;
  const positionMargin = mine.reduce((sum, p) => sum + initialMarginOf(p), 0n);
  const maint = mine.reduce((sum, p) => sum + p.maintenance, 0n);
  const cross = wallet - a.figures.isolatedMargin;
  const crossUnPnl = mine.filter((p) => p.position.marginMode !== 2).reduce((sum, p) => sum + p.unrealized, 0n);
  const row = {
    asset: a.coin,
    walletBalance: amount(wallet),
    unrealizedProfit: amount(a.figures.unrealized),
    marginBalance: amount(wallet + a.figures.unrealized),
    maintMargin: amount(maint),
    initialMargin: amount(positionMargin + a.figures.orderMargin),
    positionInitialMargin: amount(positionMargin),
    openOrderInitialMargin: amount(a.figures.orderMargin),
    crossWalletBalance: amount(cross),
    crossUnPnl: amount(crossUnPnl),
    availableBalance: amount(a.available),
    maxWithdrawAmount: amount(a.available),
    updateTime,
  };
  return family === 'fapi' ? { ...row, marginAvailable: true } : row;
}

/** Binance's positionRisk row of the family and version. */
export function positionRow(p: FamilyPosition, family: FuturesFamily, version: 1 | 2 | 3) {
  const { market, position } = p;
  const digits = market.contract.price_precision;
  const price = (v: bigint | null) => (v === null || v <= 0n ? '0' : ledgerFixed(v, digits));
  const signedNotional = position.qty < 0n ? -p.notional : p.notional;
  const isolated = position.marginMode === 2;
  const common = {
    symbol: market.symbol,
    positionSide: positionSideText(p),
    positionAmt: quantityOf(market, position.qty.toString()),
    entryPrice: price(position.entry),
    breakEvenPrice: price(position.entry),
    markPrice: price(p.mark),
    unRealizedProfit: amount(p.unrealized),
    liquidationPrice: price(p.liquidation),
    isolatedMargin: amount(isolated ? position.margin + p.unrealized : 0n),
    isolatedWallet: amount(isolated ? position.margin : 0n),
    updateTime: position.updatedAt,
  };
  if (family === 'dapi')
    return {
      ...common,
      leverage: String(position.leverage),
      maxQty: '0',
      marginType: isolated ? 'isolated' : 'cross',
      isAutoAddMargin: 'false',
      notionalValue: amount(signedNotional),
    };
  const v3 = {
    ...common,
    notional: amount(signedNotional),
    marginAsset: market.contract.margin_coin.toUpperCase(),
    initialMargin: amount(initialMarginOf(p)),
    maintMargin: amount(p.maintenance),
    positionInitialMargin: amount(initialMarginOf(p)),
    openOrderInitialMargin: '0',
    adl: p.adlRank,
    bidNotional: '0',
    askNotional: '0',
  };
  if (version === 3) return v3;
  return {
    ...v3,
    leverage: String(position.leverage),
    marginType: isolated ? 'isolated' : 'cross',
    isAutoAddMargin: 'false',
    maxNotionalValue: '0',
  };
}

export function registerFuturesAccountRoutes(scope: FastifyInstance, { services, family }: FuturesTradeDeps): void {
  const { db } = services.database;
  const dapi = family === 'dapi';

  /** The positions asked for: of one symbol, of a pair (dapi), or all. */
  const positionsAsked = async (userId: number, symbol: string | undefined, pair?: string) => {
    const all = await familyAccounts(services, family, userId);
    if (symbol !== undefined) await findFuturesMarket(services, family, symbol);
    return {
      ...all,
      positions: all.positions.filter(
        (p) =>
          (symbol === undefined || p.market.symbol === symbol.toUpperCase()) &&
          (pair === undefined || p.market.pair === pair.toUpperCase()),
      ),
    };
  };

  const account = (version: 1 | 2 | 3) => async (request: FastifyRequest) => {
    const { userId, key, params } = await futuresCaller(services, request, 'read');
    params.done();
    const { accounts, positions } = await familyAccounts(services, family, userId);
    const now = services.clock.now();
    const assets = accounts.map((a) => assetRow(a, family, positions, now));
    const canTrade = permissionsOf(key).includes('trade');
    const positionRows = positions.map((p) => positionRow(p, family, version === 3 ? 3 : 2));
    if (dapi)
      return {
        assets,
        positions: positionRows,
        canDeposit: true,
        canTrade,
        canWithdraw: false,
        feeTier: 0,
        updateTime: now,
      };
    const sum = (field: keyof ReturnType<typeof assetRow>) =>
      amount(assets.reduce((total, a) => total + (parseLedger(String(a[field])) ?? 0n), 0n));
    const totals = {
      totalInitialMargin: sum('initialMargin'),
      totalMaintMargin: sum('maintMargin'),
      totalWalletBalance: sum('walletBalance'),
      totalUnrealizedProfit: sum('unrealizedProfit'),
      totalMarginBalance: sum('marginBalance'),
      totalPositionInitialMargin: sum('positionInitialMargin'),
      totalOpenOrderInitialMargin: sum('openOrderInitialMargin'),
      totalCrossWalletBalance: sum('crossWalletBalance'),
      totalCrossUnPnl: sum('crossUnPnl'),
      availableBalance: sum('availableBalance'),
      maxWithdrawAmount: sum('maxWithdrawAmount'),
    };
    if (version === 3) return { ...totals, assets, positions: positionRows };
    return {
      feeTier: 0,
      canTrade,
      canDeposit: true,
      canWithdraw: false,
      updateTime: 0,
      multiAssetsMargin: false,
      tradeGroupId: -1,
      ...totals,
      assets,
      positions: positionRows,
    };
  };
  if (dapi) scope.get('/v1/account', account(1));
  else {
    scope.get('/v2/account', account(2));
    scope.get('/v3/account', account(3));
  }

  const balance = async (request: FastifyRequest) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    params.done();
    const { accounts, positions } = await familyAccounts(services, family, userId);
    const now = services.clock.now();
    return accounts.map((a) => {
      const row = assetRow(a, family, positions, now);
      return {
        accountAlias: 'opex',
        asset: a.coin,
        balance: row.walletBalance,
        ...(dapi ? { withdrawAvailable: row.availableBalance } : {}),
        crossWalletBalance: row.crossWalletBalance,
        crossUnPnl: row.crossUnPnl,
        availableBalance: row.availableBalance,
        maxWithdrawAmount: row.maxWithdrawAmount,
        ...(dapi ? {} : { marginAvailable: true }),
        updateTime: now,
      };
    });
  };
  if (dapi) scope.get('/v1/balance', balance);
  else {
    scope.get('/v2/balance', balance);
    scope.get('/v3/balance', balance);
  }

  const positionRisk = (version: 1 | 2 | 3) => async (request: FastifyRequest) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const symbol = params.optional('symbol');
    const pair = dapi ? params.optional('pair') : undefined;
    const marginAsset = dapi ? params.optional('marginAsset') : undefined;
    params.done();
    const { positions } = await positionsAsked(userId, symbol, pair);
    return positions
      .filter((p) => marginAsset === undefined || p.account.coin === marginAsset.toUpperCase())
      .map((p) => positionRow(p, family, version));
  };
  if (dapi) scope.get('/v1/positionRisk', positionRisk(1));
  else {
    scope.get('/v2/positionRisk', positionRisk(2));
    scope.get('/v3/positionRisk', positionRisk(3));
  }

  /** The symbol's contract for a settings change, with whether it may change now. */
  const settingsOf = async (userId: number, symbol: string) => {
    const market = await findFuturesMarket(services, family, symbol);
    const brackets = await listBrackets(db, market.contract.id);
    const held = await contractHoldings(db, userId, market.book);
    return { market, brackets, maxLevel: topLeverage(brackets), held };
  };
  const save = (userId: number, contract: Contract, maxLevel: number, changes: Parameters<typeof editUserConfig>[4]) =>
    editUserConfig(db, userId, contract.id, maxLevel, changes, services.clock.now());

  scope.post('/v1/leverage', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const symbol = params.required('symbol');
    const text = params.required('leverage');
    params.done();
    const { market, brackets, maxLevel } = await settingsOf(userId, symbol);
    const leverage = Number(text);
    if (!/^\d{1,4}$/.test(text) || leverage < 1 || leverage > maxLevel) throw futuresErrors.leverage(text);
    const settings = await futuresSettings(db, userId, market.contract);
    if (settings.nowLevel !== leverage) {
      // As the web's level_edit: the core re-holds the position's and orders' margin at the new leverage, or refuses.
      const outcome = await services.core.execute('futuresLeverage', { userId, symbol: market.book, leverage });
      if (!outcome.ok) throw leverageRefusal(outcome.code, text);
      await save(userId, market.contract, maxLevel, { nowLevel: leverage });
    }
    const bracket = [...brackets].reverse().find((b) => b.max_leverage >= leverage) ?? brackets[0];
    return {
      leverage,
      [dapi ? 'maxQty' : 'maxNotionalValue']: bracket ? ledgerText(parseLedger(bracket.max_notional) ?? 0n) : '0',
      symbol: market.symbol,
    };
  });

  scope.post('/v1/marginType', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const symbol = params.required('symbol');
    const type = params.required('marginType').toUpperCase();
    params.done();
    if (type !== 'ISOLATED' && type !== 'CROSSED') throw binanceErrors.invalidParameter('marginType');
    const { market, maxLevel, held } = await settingsOf(userId, symbol);
    const wanted = type === 'ISOLATED' ? 2 : 1;
    const settings = await futuresSettings(db, userId, market.contract);
    if (settings.marginModel === wanted) throw futuresErrors.marginTypeSame();
    if (held.positions > 0) throw futuresErrors.marginTypeHasPosition();
    if (held.openOrders > 0) throw futuresErrors.marginTypeOpenOrders();
    await save(userId, market.contract, maxLevel, { marginModel: wanted });
    return { code: 200, msg: 'success' };
  });

  scope.get('/v1/positionSide/dual', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    params.done();
    return { dualSidePosition: await hedgeMode(services, family, userId) };
  });

  scope.post('/v1/positionSide/dual', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const text = params.required('dualSidePosition');
    params.done();
    if (text !== 'true' && text !== 'false') throw binanceErrors.illegal('dualSidePosition');
    const wanted = text === 'true' ? 2 : 1;
    const markets = await futuresMarkets(services, family);
    const states = await Promise.all(
      markets.map(async (m) => ({
        m,
        settings: await futuresSettings(db, userId, m.contract),
        held: await contractHoldings(db, userId, m.book),
        maxLevel: topLeverage(await listBrackets(db, m.contract.id)),
      })),
    );
    const changing = states.filter((s) => s.settings.positionModel !== wanted);
    if (changing.length === 0) throw futuresErrors.positionSideSame();
    if (states.some((s) => s.held.positions > 0)) throw futuresErrors.positionSideHasPosition();
    if (states.some((s) => s.held.openOrders > 0)) throw futuresErrors.positionSideOpenOrders();
    for (const s of changing) await save(userId, s.m.contract, s.maxLevel, { positionModel: wanted });
    return { code: 200, msg: 'success' };
  });

  scope.post('/v1/positionMargin', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const symbol = params.required('symbol');
    const side = (params.optional('positionSide') ?? 'BOTH').toUpperCase();
    const amountText = params.required('amount');
    const type = params.required('type');
    params.done();
    if (type !== '1' && type !== '2') throw binanceErrors.illegal('type');
    if (parseLedger(amountText) === null) throw binanceErrors.illegal('amount');
    const { positions } = await positionsAsked(userId, symbol);
    const p = positions.find((x) => positionSideText(x) === side);
    if (!p) throw futuresRefusal(ErrorCode.futuresPositionNotFound);
    const mark = services.contractPrices.markOf(p.position.symbol);
    const outcome = await services.core.execute('futuresMargin', {
      userId,
      positionId: p.position.id,
      amount: type === '1' ? amountText : `-${amountText}`,
      mark: mark === null ? null : ledgerText(mark),
    });
    if (!outcome.ok) throw futuresRefusal(outcome.code);
    return { amount: Number(amountText), code: 200, msg: 'Successfully modify position margin.', type: Number(type) };
  });

  scope.get('/v1/commissionRate', async (request) => {
    const { params } = await futuresCaller(services, request, 'read');
    const market = await findFuturesMarket(services, family, params.required('symbol'));
    params.done();
    return {
      symbol: market.symbol,
      makerCommissionRate: market.contract.maker_fee,
      takerCommissionRate: market.contract.taker_fee,
    };
  });

  scope.get(dapi ? '/v2/leverageBracket' : '/v1/leverageBracket', async (request) => {
    const { params } = await futuresCaller(services, request, 'read');
    const symbol = params.optional('symbol');
    params.done();
    const markets =
      symbol === undefined
        ? await futuresMarkets(services, family)
        : [await findFuturesMarket(services, family, symbol)];
    const rows = await Promise.all(
      markets.map(async (m) => {
        let floor = '0';
        const brackets = (await listBrackets(db, m.contract.id)).map((b) => {
          const row = {
            bracket: b.tier,
            initialLeverage: b.max_leverage,
            [dapi ? 'qtyCap' : 'notionalCap']: Number(b.max_notional),
            [dapi ? 'qtyFloor' : 'notionalFloor']: Number(floor),
            maintMarginRatio: Number(b.maintenance_rate),
            cum: Number(b.cumulative_amount),
          };
          floor = b.max_notional;
          return row;
        });
        return { symbol: m.symbol, brackets };
      }),
    );
    return rows;
  });

  scope.get('/v1/income', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const symbol = params.optional('symbol');
    const incomeType = params.optional('incomeType');
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    const limit = params.integer('limit', { min: 1, max: 1000, fallback: 100 }) as number;
    params.optional('page');
    params.done();
    const causes =
      incomeType === undefined
        ? Object.keys(INCOME_TYPES)
        : Object.keys(INCOME_TYPES).filter((c) => INCOME_TYPES[c] === incomeType);
    if (incomeType !== undefined && causes.length === 0) return [];
    const markets = await futuresMarkets(services, family);
    const wanted = symbol === undefined ? null : await findFuturesMarket(services, family, symbol);
    const coins = marginCoins(markets);
    let query = db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('account', '=', 'co')
      .where('coin', 'in', coins.map((c) => c.toLowerCase()).concat(coins))
      .where('cause', 'in', causes)
      // Margin moving between available and locked is not income; transfers and fees move available.
      .where((eb) =>
        eb.or([eb('field', '=', 'available'), eb('cause', 'in', ['realized_pnl', 'funding', 'delivery'])]),
      );
    if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
    const rows = await query
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit * 4)
      .execute();
    const tradeIds = rows.flatMap((r) => (r.cause_id.startsWith('trade:') ? [Number(r.cause_id.slice(6))] : []));
    const trades = tradeIds.length
      ? await db.selectFrom('trades').select(['id', 'symbol']).where('id', 'in', tradeIds).execute()
      : [];
    const bookOf = new Map(trades.map((t) => [`trade:${t.id}`, t.symbol]));
    const byBook = new Map(markets.map((m) => [m.book, m]));
    const byContract = new Map(markets.map((m) => [String(m.contract.id), m]));
    return rows
      .map((r) => {
        const book = bookOf.get(r.cause_id);
        // Funding's and delivery's rows name the contract: funding:<contractId>:<at>, delivery:<contractId>.
        const market = book === undefined ? byContract.get(r.cause_id.split(':')[1] ?? '') : byBook.get(book);
        return {
          symbol: market?.symbol ?? '',
          incomeType: INCOME_TYPES[r.cause] as string,
          income: amount(parseLedger(r.delta) ?? 0n),
          asset: r.coin.toUpperCase(),
          info: INCOME_TYPES[r.cause] as string,
          time: Number(r.created_at),
          tranId: Number(r.id),
          tradeId: r.cause_id.startsWith('trade:') ? r.cause_id.slice(6) : '',
        };
      })
      .filter((row) => wanted === null || row.symbol === wanted.symbol)
      .slice(0, limit);
  });

  scope.get('/v1/adlQuantile', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const symbol = params.optional('symbol');
    params.done();
    const { positions } = await positionsAsked(userId, symbol);
    const bySymbol = new Map<string, Record<string, number>>();
    for (const p of positions) {
      const row = bySymbol.get(p.market.symbol) ?? { LONG: 0, SHORT: 0, BOTH: 0, HEDGE: 0 };
      row[positionSideText(p)] = p.adlRank;
      bySymbol.set(p.market.symbol, row);
    }
    return [...bySymbol].map(([s, adlQuantile]) => ({ symbol: s, adlQuantile }));
  });
}

/** The co ledger's causes as Binance's income types. */
const INCOME_TYPES: Record<string, string> = {
  transfer: 'TRANSFER',
  realized_pnl: 'REALIZED_PNL',
  delivery: 'DELIVERED_SETTELMENT',
  funding: 'FUNDING_FEE',
  fee: 'COMMISSION',
  insurance: 'INSURANCE_CLEAR',
};

/** Whether the user trades the family in hedge mode (its first contract's setting; the API sets them all). */
export async function hedgeMode(services: Services, family: FuturesFamily, userId: number): Promise<boolean> {
  const first = (await futuresMarkets(services, family))[0];
  if (!first) return false;
  return (await futuresSettings(services.database.db, userId, first.contract)).positionModel === 2;
}

/**
 * `/sapi/v1/futures/transfer`: type 1 spot to USD-M futures, 2 back, 3 spot to COIN-M futures, 4 back; both are the
 * one co account here, so 1 and 3 (and 2 and 4) move the same money. One ledger movement through the core.
 */
export function registerFuturesTransfer(scope: FastifyInstance, services: Services): void {
  scope.post('/v1/futures/transfer', async (request) => {
    const { userId, params } = await verifySigned(services, request, 'trade');
    const asset = params.required('asset').toUpperCase();
    const amountText = params.required('amount');
    const type = params.required('type');
    params.done();
    if (!['1', '2', '3', '4'].includes(type)) throw binanceErrors.illegal('type');
    const coin = await findCoin(services.database.db, asset);
    const margined = (await listContracts(services.database.db, LIVE)).some(
      (c) => c.margin_coin.toUpperCase() === asset,
    );
    if (!coin || !margined) throw binanceErrors.invalidParameter('asset');
    const units = parseLedger(amountText);
    if (units === null || units <= 0n) throw binanceErrors.illegal('amount');
    if (truncateLedger(units, coin.scale) !== units) throw binanceErrors.badPrecision();
    const exact = ledgerText(units);
    const into = type === '1' || type === '3';
    const [from, to] = into ? (['exchange', 'co'] as const) : (['co', 'exchange'] as const);
    const tranId = services.clock.now() * 1000 + Math.floor(Math.random() * 1000);
    const outcome = await services.core.postMovement({
      cause: 'transfer',
      causeId: `futures-transfer:${userId}:${tranId}`,
      memo: `${from}>${to}`,
      postings: [
        { ownerId: userId, account: from, coin: coin.symbol, field: 'available', delta: `-${exact}` },
        { ownerId: userId, account: to, coin: coin.symbol, field: 'available', delta: exact },
      ],
    });
    if (!outcome.ok)
      throw outcome.reason === 'insufficient' ? binanceErrors.insufficientBalance() : binanceErrors.unavailable();
    return { tranId };
  });
}
