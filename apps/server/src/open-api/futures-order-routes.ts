import { CoTriggerMemo, CoTriggerPriceType, CoTriggerType } from '@opex/contract/calls/co-trigger';
import { OrderStatus } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { binancePaging } from '../db/paging.ts';
import { futuresSettings } from '../futures/futures-settings.ts';
import { orderIntent } from '../futures/order-intent.ts';
import { ownActiveTriggers, type TriggerRow } from '../futures/trigger-store.ts';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { createConditionalOrder, triggerKits } from '../modules/co/trigger-create.ts';
import { CallError } from '../platform/call-error.ts';
import { findPlacedOrder, orderPage, ordersByIds } from '../read-model/order-reads.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { type FuturesTradeDeps, familyAccounts, futuresCaller } from './futures-account-routes.ts';
import { futuresErrors, futuresRefusal } from './futures-errors.ts';
import { FUTURES_ORDER_TYPES } from './futures-info.ts';
import { type FuturesMarket, findFuturesMarket, futuresMarkets, quantityOf } from './futures-markets.ts';
import {
  algoOrder,
  clientAlgoIdOf,
  type FuturesFact,
  futuresOrder,
  lotsOf,
  TRIGGER_ORDER_ID_OFFSET,
  triggerAsOrder,
} from './futures-order-format.ts';
import type { OrderRow } from './order-format.ts';
import { QueryParams } from './query-params.ts';

/**
 * The futures families' signed order endpoints: orders placed and cancelled through the core's futures commands with
 * the user's co settings (the web app's /proSwap sees them at once), conditional orders stored and armed in the co
 * module's trigger watch (trigger-create.ts), both on `/v1/order` (older bots) and on `/v1/algoOrder` (newer ones).
 * Quantities are the family's (futures-markets.ts): a fapi quantity must be whole contracts of the multiplier.
 */
type OrderType = (typeof FUTURES_ORDER_TYPES)[number];
const KIND_OF_TIF: Record<string, 1 | 3 | 4 | 5> = { GTC: 1, IOC: 3, FOK: 4, GTX: 5 };
const CLIENT_ID = /^[.A-Za-z0-9_:/-]{1,36}$/;
const LIST_MAX = 1000;

interface ParsedOrder {
  market: FuturesMarket;
  side: 'BUY' | 'SELL';
  type: OrderType;
  open: 'OPEN' | 'CLOSE';
  /** Whole contracts. */
  lots: string;
  price?: string;
  timeInForce: string;
  clientOrderId: string | null;
  stopPrice?: string;
  workingType: 'MARK_PRICE' | 'CONTRACT_PRICE';
  callbackRate?: string;
  activationPrice?: string;
}

const bool = (params: QueryParams, name: string): boolean => {
  const text = params.optional(name);
  if (text === undefined) return false;
  if (text !== 'true' && text !== 'false') throw binanceErrors.illegal(name);
  return text === 'true';
};

const decimalParam = (params: QueryParams, name: string): string | undefined => {
  const text = params.optional(name);
  if (text !== undefined && !/^\d{1,20}(\.\d{1,18})?$/.test(text)) throw binanceErrors.illegal(name);
  return text;
};

export function registerFuturesOrderRoutes(scope: FastifyInstance, { services, family }: FuturesTradeDeps): void {
  const { db } = services.database;
  const account = (userId: number) => ({ userId, type: 'co' as const });
  const kit = () => {
    const found = triggerKits.get(services);
    if (!found) throw binanceErrors.unavailable();
    return found;
  };

  /** Whole contracts of a quantity in the family's unit; -1111 when it is not a whole number of them. */
  const lotsOfQuantity = (m: FuturesMarket, text: string) => {
    const lots = new Big(text).div(m.qtyPerContract);
    if (!lots.eq(lots.round(0, Big.roundDown))) throw binanceErrors.badPrecision();
    if (lots.lte(0)) throw binanceErrors.filter('LOT_SIZE');
    return lots.toFixed(0);
  };

  /** A new order's parameters (`algo`: algoOrder's names), checked against the user's position mode. */
  const parseOrder = async (userId: number, params: QueryParams, algo: boolean): Promise<ParsedOrder> => {
    const market = await findFuturesMarket(services, family, params.required('symbol'));
    const side = params.required('side').toUpperCase();
    if (side !== 'BUY' && side !== 'SELL') throw binanceErrors.illegal('side');
    const type = params.required('type').toUpperCase() as OrderType;
    if (!FUTURES_ORDER_TYPES.includes(type)) throw new BinanceError(BinanceCode.invalidOrderType, 'Invalid orderType.');
    if (algo) {
      const algoType = params.required('algoType');
      if (algoType !== 'CONDITIONAL') throw binanceErrors.invalidParameter('algoType');
      if (type === 'LIMIT' || type === 'MARKET')
        throw new BinanceError(BinanceCode.invalidOrderType, 'Invalid orderType.');
    }
    const positionSide = (params.optional('positionSide') ?? 'BOTH').toUpperCase();
    if (!['BOTH', 'LONG', 'SHORT'].includes(positionSide)) throw binanceErrors.illegal('positionSide');
    const reduceOnly = bool(params, 'reduceOnly');
    const closePosition = bool(params, 'closePosition');
    const quantity = decimalParam(params, 'quantity');
    const price = decimalParam(params, 'price');
    const stopPrice =
      decimalParam(params, algo ? 'triggerPrice' : 'stopPrice') ??
      (algo ? undefined : decimalParam(params, 'triggerPrice'));
    const activationPrice = decimalParam(params, 'activatePrice') ?? decimalParam(params, 'activationPrice');
    const callbackRate = decimalParam(params, 'callbackRate');
    const timeInForce = (params.optional('timeInForce') ?? 'GTC').toUpperCase();
    if (!(timeInForce in KIND_OF_TIF)) throw new BinanceError(BinanceCode.invalidTimeInForce, 'Invalid timeInForce.');
    const workingType = (params.optional('workingType') ?? 'CONTRACT_PRICE').toUpperCase();
    if (workingType !== 'MARK_PRICE' && workingType !== 'CONTRACT_PRICE') throw binanceErrors.illegal('workingType');
    bool(params, 'priceProtect');
    const respType = params.optional('newOrderRespType');
    if (respType !== undefined && respType !== 'ACK' && respType !== 'RESULT')
      throw binanceErrors.illegal('newOrderRespType');
    const stp = params.optional('selfTradePreventionMode');
    if (stp !== undefined && !['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'].includes(stp))
      throw binanceErrors.illegal('selfTradePreventionMode');
    // CCXT sends newClientOrderId to /dapi/v1/algoOrder too.
    const clientName = algo && params.optional('clientAlgoId') !== undefined ? 'clientAlgoId' : 'newClientOrderId';
    const clientOrderId = params.optional(clientName) ?? null;
    if (clientOrderId !== null && !CLIENT_ID.test(clientOrderId)) throw binanceErrors.illegal(clientName);
    params.optional('goodTillDate');
    params.done();

    // The position it opens or closes, by the user's position mode.
    const hedge = (await futuresSettings(db, userId, market.contract)).positionModel === 2;
    if (hedge && positionSide === 'BOTH') throw futuresErrors.positionSideMismatch();
    if (!hedge && positionSide !== 'BOTH') throw futuresErrors.positionSideMismatch();
    if (hedge && params.optional('reduceOnly') !== undefined) throw binanceErrors.notRequired('reduceonly');
    const open = hedge
      ? (side === 'BUY') === (positionSide === 'LONG')
        ? 'OPEN'
        : 'CLOSE'
      : reduceOnly || closePosition
        ? 'CLOSE'
        : 'OPEN';

    const needsPrice = type === 'LIMIT' || type === 'STOP' || type === 'TAKE_PROFIT';
    if (needsPrice && price === undefined) throw binanceErrors.mandatory('price');
    const conditional = type !== 'LIMIT' && type !== 'MARKET';
    if (conditional && type !== 'TRAILING_STOP_MARKET' && stopPrice === undefined)
      throw binanceErrors.mandatory(algo ? 'triggerPrice' : 'stopPrice');
    if (type === 'TRAILING_STOP_MARKET' && callbackRate === undefined) throw binanceErrors.mandatory('callbackRate');
    let lots: string;
    if (closePosition) {
      if (!conditional || type === 'STOP' || type === 'TAKE_PROFIT') throw binanceErrors.notRequired('closePosition');
      lots = await closableLots(userId, market, side);
    } else
      lots = lotsOfQuantity(
        market,
        quantity ??
          (() => {
            throw binanceErrors.mandatory('quantity');
          })(),
      );
    return {
      market,
      side,
      type,
      open,
      lots,
      ...(needsPrice ? { price } : {}),
      timeInForce,
      clientOrderId,
      ...(stopPrice === undefined ? {} : { stopPrice }),
      workingType,
      ...(callbackRate === undefined ? {} : { callbackRate }),
      ...(activationPrice === undefined ? {} : { activationPrice }),
    };
  };

  /** The size of the position an order of `side` closes (closePosition=true); -2022 without one. */
  const closableLots = async (userId: number, m: FuturesMarket, side: string) => {
    const { positions } = await familyAccounts(services, family, userId);
    const p = positions.find(
      (x) => x.market.symbol === m.symbol && (side === 'SELL' ? x.position.qty > 0n : x.position.qty < 0n),
    );
    if (!p) throw futuresErrors.reduceOnly();
    const size = p.position.qty < 0n ? -p.position.qty : p.position.qty;
    return size.toString();
  };

  /** Places a plain order through the core; answers its committed row. */
  const placePlain = async (userId: number, o: ParsedOrder): Promise<OrderRow> => {
    if (o.market.contract.status !== 'listed') throw futuresRefusal(ErrorCode.futuresContractClosed);
    const { intent } = await orderIntent(db, userId, o.market.contract, o.side, o.open);
    const kind = o.type === 'MARKET' ? 2 : (KIND_OF_TIF[o.timeInForce] as 1 | 3 | 4 | 5);
    const outcome = await services.core.execute('futuresPlace', {
      userId,
      symbol: o.market.book,
      side: o.side,
      kind,
      ...(o.price === undefined ? {} : { price: o.price }),
      volume: o.lots,
      intent,
      clientOrderId: o.clientOrderId,
    });
    if (!outcome.ok) throw futuresRefusal(outcome.code);
    const [row] = await ordersByIds(db, account(userId), [outcome.orderId]);
    if (!row) throw binanceErrors.unavailable();
    // Binance refuses a FOK it cannot fill whole rather than answering an expired order.
    if (kind === 4 && row.status !== OrderStatus.filled) throw futuresErrors.fok();
    return row;
  };

  /** Stores a conditional order as a trigger in the co watch; answers its row. */
  const placeConditional = async (userId: number, o: ParsedOrder): Promise<TriggerRow> => {
    const triggerType =
      o.type === 'TRAILING_STOP_MARKET'
        ? CoTriggerType.trailingStop
        : o.type.startsWith('STOP')
          ? CoTriggerType.stopLoss
          : CoTriggerType.takeProfit;
    const rate = o.callbackRate === undefined ? undefined : new Big(o.callbackRate).div(100).toFixed();
    try {
      const id = await createConditionalOrder(kit(), userId, o.market.contract, o.market.book, {
        contractId: o.market.contract.id,
        side: o.side,
        open: o.open,
        type: o.type.endsWith('MARKET') ? 2 : 1,
        volume: o.lots,
        ...(o.price === undefined ? {} : { price: o.price }),
        triggerPrice: o.stopPrice ?? null,
        isConditionOrder: true,
        triggerType,
        triggerPriceType: o.workingType === 'MARK_PRICE' ? CoTriggerPriceType.mark : CoTriggerPriceType.last,
        ...(rate === undefined ? {} : { callbackRate: rate }),
        activationPrice: o.activationPrice ?? null,
      });
      return await db.selectFrom('futures_trigger_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    } catch (error) {
      if (error instanceof CallError) throw futuresRefusal(error.code);
      throw error;
    }
  };

  const factsOf = async (rows: OrderRow[]) => {
    if (rows.length === 0) return new Map<number, FuturesFact>();
    const facts = await db
      .selectFrom('futures_orders')
      .selectAll()
      .where(
        'order_id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    return new Map(facts.map((f) => [Number(f.order_id), f]));
  };
  const shaped = async (rows: OrderRow[], m: FuturesMarket | null) => {
    const facts = await factsOf(rows);
    const markets = new Map((await futuresMarkets(services, family)).map((x) => [x.book, x]));
    return rows.flatMap((row) => {
      const market = m ?? markets.get(row.symbol);
      return market ? [futuresOrder(row, facts.get(Number(row.id)), market)] : [];
    });
  };

  const placeOne = async (userId: number, params: QueryParams) => {
    const o = await parseOrder(userId, params, false);
    if (o.type === 'LIMIT' || o.type === 'MARKET') {
      const row = await placePlain(userId, o);
      return (await shaped([row], o.market))[0];
    }
    return triggerAsOrder(await placeConditional(userId, o), o.market);
  };

  scope.post('/v1/order', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    return placeOne(userId, params);
  });

  /** The caller's order named by orderId or origClientOrderId; a trigger by its offset id. */
  const findOne = async (userId: number, params: QueryParams) => {
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    const idText = params.optional('orderId');
    const clientId = params.optional('origClientOrderId');
    params.done();
    if (idText === undefined && clientId === undefined) throw binanceErrors.mandatory('orderId');
    if (idText !== undefined && !/^\d{1,16}$/.test(idText)) throw binanceErrors.illegal('orderId');
    const id = idText === undefined ? undefined : Number(idText);
    const algoId =
      id !== undefined && id > TRIGGER_ORDER_ID_OFFSET
        ? id - TRIGGER_ORDER_ID_OFFSET
        : clientId?.startsWith('opex-algo-')
          ? Number(clientId.slice(10))
          : undefined;
    if (algoId !== undefined) {
      const t = await triggerOf(userId, m, algoId);
      return { m, trigger: t };
    }
    const row = await findPlacedOrder(
      db,
      account(userId),
      m.book,
      id !== undefined
        ? { id }
        : /^opex-\d+$/.test(clientId as string)
          ? { idWithoutClientId: Number((clientId as string).slice(5)) }
          : { clientOrderId: clientId as string },
    );
    if (!row) throw binanceErrors.noSuchOrder();
    return { m, row };
  };

  const triggerOf = async (userId: number, m: FuturesMarket, id: number) => {
    const t = await db
      .selectFrom('futures_trigger_orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('symbol', '=', m.book)
      .executeTakeFirst();
    if (!t) throw binanceErrors.noSuchOrder();
    return t;
  };

  scope.get('/v1/order', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const found = await findOne(userId, params);
    if ('trigger' in found && found.trigger) return triggerAsOrder(found.trigger, found.m);
    return (await shaped([found.row as OrderRow], found.m))[0];
  });

  scope.get('/v1/openOrder', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const found = await findOne(userId, params);
    if ('trigger' in found && found.trigger) {
      if (found.trigger.status !== 0) throw new BinanceError(BinanceCode.noSuchOrder, 'Order does not exist.');
      return triggerAsOrder(found.trigger, found.m);
    }
    const [shape] = await shaped([found.row as OrderRow], found.m);
    if (!shape || (shape.status !== 'NEW' && shape.status !== 'PARTIALLY_FILLED'))
      throw new BinanceError(BinanceCode.noSuchOrder, 'Order does not exist.');
    return shape;
  });

  /** Cancels one trigger of the caller through the watch; -2011 when it is not active. */
  const cancelTrigger = async (userId: number, m: FuturesMarket, id: number) => {
    const ended = await kit().watch.cancel(userId, m.book, [id], CoTriggerMemo.userCancelled);
    if (ended.length === 0) throw binanceErrors.unknownOrder();
    return triggerOf(userId, m, id);
  };

  const cancelOne = async (userId: number, params: QueryParams) => {
    const found = await findOne(userId, params).catch((error) => {
      if (error instanceof BinanceError && error.code === BinanceCode.noSuchOrder) throw binanceErrors.unknownOrder();
      throw error;
    });
    if ('trigger' in found && found.trigger)
      return triggerAsOrder(await cancelTrigger(userId, found.m, Number(found.trigger.id)), found.m);
    const row = found.row as OrderRow;
    const outcome = await services.core.execute('futuresCancel', {
      userId,
      symbol: found.m.book,
      orderId: Number(row.id),
    });
    if (!outcome.ok) throw binanceErrors.unknownOrder();
    const [after] = await ordersByIds(db, account(userId), [Number(row.id)]);
    return (await shaped([after as OrderRow], found.m))[0];
  };

  scope.delete('/v1/order', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    return cancelOne(userId, params);
  });

  scope.delete('/v1/allOpenOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    params.done();
    await services.core.execute('futuresCancelAll', { userId, symbol: m.book });
    await kit().watch.cancel(userId, m.book, null, CoTriggerMemo.userCancelled);
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });

  /** The caller's open orders and triggers of one market, or of the family. */
  const openOrders = async (userId: number, params: QueryParams) => {
    const symbol = params.optional('symbol');
    const pair = family === 'dapi' ? params.optional('pair') : undefined;
    params.done();
    const markets =
      symbol === undefined
        ? await futuresMarkets(services, family)
        : [await findFuturesMarket(services, family, symbol)];
    const chosen = markets.filter((m) => pair === undefined || m.pair === pair.toUpperCase());
    const rows = (
      await Promise.all(
        chosen.map((m) => orderPage(db, account(userId), { scope: 'open', symbol: m.book }, { order: 'oldest' })),
      )
    ).flat();
    const triggers = (await Promise.all(chosen.map((m) => ownActiveTriggers(db, userId, m.book, null)))).flat();
    return { chosen, rows, triggers };
  };

  // Conditional orders are Binance's algo orders: listed by openAlgoOrders, not here (as Binance lists them now).
  scope.get('/v1/openOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const { rows } = await openOrders(userId, params);
    return shaped(rows as OrderRow[], null);
  });

  scope.get('/v1/allOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    const orderId = params.integer('orderId', { min: 0 });
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    const limit = params.integer('limit', { min: 1, max: LIST_MAX, fallback: 500 }) as number;
    params.done();
    const rows = await orderPage(
      db,
      account(userId),
      { scope: 'placed', symbol: m.book },
      binancePaging({ fromId: orderId, startTime, endTime, limit }),
    );
    return shaped(rows as OrderRow[], m);
  });

  scope.get('/v1/userTrades', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    const fromId = params.integer('fromId', { min: 0 });
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    const limit = params.integer('limit', { min: 1, max: LIST_MAX, fallback: 500 }) as number;
    params.optional('orderId');
    params.done();
    let query = db
      .selectFrom('trades')
      .innerJoin('futures_fills', 'futures_fills.trade_id', 'trades.id')
      .selectAll('trades')
      .select(['futures_fills.buyer_realized', 'futures_fills.seller_realized'])
      .where('trades.symbol', '=', m.book)
      .where((eb) => eb.or([eb('trades.maker_user_id', '=', userId), eb('trades.taker_user_id', '=', userId)]));
    if (fromId !== undefined) query = query.where('trades.id', '>=', fromId);
    if (startTime !== undefined) query = query.where('trades.created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('trades.created_at', '<=', endTime);
    const rows = await query.orderBy('trades.id').limit(limit).execute();
    const digits = m.contract.price_precision;
    const orderIds = rows.map((t) => Number(Number(t.taker_user_id) === userId ? t.taker_order_id : t.maker_order_id));
    const facts = await factsOf(orderIds.length ? await ordersByIds(db, account(userId), orderIds) : []);
    return rows.flatMap((t) => {
      // A self-trade is the caller's twice: once as taker, once as maker.
      const sides = [
        ...(Number(t.taker_user_id) === userId
          ? [{ maker: false, side: t.taker_side, orderId: Number(t.taker_order_id) }]
          : []),
        ...(Number(t.maker_user_id) === userId
          ? [{ maker: true, side: t.taker_side === 'BUY' ? 'SELL' : 'BUY', orderId: Number(t.maker_order_id) }]
          : []),
      ];
      return sides.map(({ maker, side, orderId }) => {
        const buyer = side === 'BUY';
        const lots = lotsOf(t.volume);
        const value = ledgerOf(t.amount);
        return {
          symbol: m.symbol,
          ...(family === 'dapi' ? { pair: m.pair, marginAsset: m.contract.margin_coin.toUpperCase() } : {}),
          id: Number(t.id),
          orderId,
          side,
          price: ledgerFixed(ledgerOf(t.price), digits),
          qty: quantityOf(m, lots.toString()),
          realizedPnl: ledgerFixed(ledgerOf(buyer ? t.buyer_realized : t.seller_realized), 8),
          ...(family === 'dapi' ? { baseQty: ledgerFixed(value, 8) } : { quoteQty: ledgerFixed(value, 8) }),
          commission: ledgerFixed(ledgerOf(buyer ? t.buyer_fee : t.seller_fee), 8),
          commissionAsset: m.contract.margin_coin.toUpperCase(),
          time: Number(t.created_at),
          positionSide: (facts.get(orderId)?.position_side ?? 'both').toUpperCase(),
          buyer,
          maker,
        };
      });
    });
  });

  // Conditional orders the way newer bots send them (Binance's algo service).
  scope.post('/v1/algoOrder', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const o = await parseOrder(userId, params, true);
    return algoOrder(await placeConditional(userId, o), o.market);
  });

  /** One algo order of the caller by algoId or clientAlgoId (any symbol of the family). */
  const algoOf = async (userId: number, params: QueryParams) => {
    const idText = params.optional('algoId');
    const clientId = params.optional('clientAlgoId');
    params.optional('symbol');
    params.done();
    const id = idText ?? (clientId?.startsWith('opex-algo-') ? clientId.slice(10) : undefined);
    if (id === undefined) {
      if (clientId === undefined) throw binanceErrors.mandatory('algoId');
      throw binanceErrors.noSuchOrder();
    }
    if (!/^\d{1,16}$/.test(id)) throw binanceErrors.illegal('algoId');
    const t = await db
      .selectFrom('futures_trigger_orders')
      .selectAll()
      .where('id', '=', Number(id))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const m = t && (await futuresMarkets(services, family)).find((x) => x.book === t.symbol);
    if (!t || !m) throw binanceErrors.noSuchOrder();
    return { t, m };
  };

  scope.get('/v1/algoOrder', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    const { t, m } = await algoOf(userId, params);
    return algoOrder(t, m);
  });

  scope.delete('/v1/algoOrder', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const { t, m } = await algoOf(userId, params).catch((error) => {
      if (error instanceof BinanceError && error.code === BinanceCode.noSuchOrder) throw binanceErrors.unknownOrder();
      throw error;
    });
    await cancelTrigger(userId, m, Number(t.id));
    return { algoId: Number(t.id), clientAlgoId: clientAlgoIdOf(t), code: '200', msg: 'success' };
  });

  scope.get('/v1/openAlgoOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'read');
    params.optional('algoType');
    const { triggers, chosen } = await openOrders(userId, params);
    const byBook = new Map(chosen.map((m) => [m.book, m]));
    return triggers.flatMap((t) => {
      const m = byBook.get(t.symbol);
      return m ? [algoOrder(t, m)] : [];
    });
  });

  scope.delete('/v1/algoOpenOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    params.done();
    await kit().watch.cancel(userId, m.book, null, CoTriggerMemo.userCancelled);
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });

  // Several orders in one call: each answered in place, an order or its refusal.
  const eachOf = async <T>(list: T[], work: (item: T) => Promise<unknown>) =>
    Promise.all(
      list.map(async (item) => {
        try {
          return await work(item);
        } catch (error) {
          if (error instanceof BinanceError) return { code: error.code, msg: error.message };
          throw error;
        }
      }),
    );

  scope.post('/v1/batchOrders', async (request: FastifyRequest) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const text = params.required('batchOrders');
    params.done();
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      throw binanceErrors.illegal('batchOrders');
    }
    if (!Array.isArray(list) || list.length === 0 || list.length > 5) throw binanceErrors.illegal('batchOrders');
    const orders = list.map((o) => {
      if (typeof o !== 'object' || o === null) throw binanceErrors.illegal('batchOrders');
      return new QueryParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])));
    });
    const answers: unknown[] = [];
    // One after another, in the order sent, as Binance places them.
    for (const order of orders) answers.push(...(await eachOf([order], (p) => placeOne(userId, p))));
    return answers;
  });

  scope.delete('/v1/batchOrders', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const symbol = params.required('symbol');
    const ids = params.symbolList('origClientOrderIdList');
    const orderIdsText = params.optional('orderIdList');
    params.done();
    let orderIds: number[] = [];
    if (orderIdsText !== undefined) {
      try {
        orderIds = JSON.parse(orderIdsText);
      } catch {
        throw binanceErrors.illegal('orderIdList');
      }
      if (!Array.isArray(orderIds) || !orderIds.every((n) => Number.isSafeInteger(n)))
        throw binanceErrors.illegal('orderIdList');
    }
    const keys = [
      ...orderIds.map((id) => ({ symbol, orderId: String(id) })),
      ...(ids ?? []).map((c) => ({ symbol, origClientOrderId: c })),
    ];
    if (keys.length === 0) throw binanceErrors.mandatory('orderIdList');
    return eachOf(keys, (k) => cancelOne(userId, new QueryParams(k)));
  });

  // The dead man's switch: every open order of the symbol is cancelled once `countdownTime` ms pass without renewal.
  const countdowns = new Map<string, NodeJS.Timeout>();
  scope.addHook('onClose', async () => {
    for (const timer of countdowns.values()) clearTimeout(timer);
  });
  scope.post('/v1/countdownCancelAll', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const m = await findFuturesMarket(services, family, params.required('symbol'));
    const countdownTime = params.integer('countdownTime', { min: 0 }) as number;
    params.done();
    const key = `${userId}:${m.book}`;
    clearTimeout(countdowns.get(key));
    countdowns.delete(key);
    if (countdownTime > 0) {
      const timer = setTimeout(() => {
        countdowns.delete(key);
        void services.core.execute('futuresCancelAll', { userId, symbol: m.book }).catch(() => undefined);
      }, countdownTime);
      timer.unref();
      countdowns.set(key, timer);
    }
    return { symbol: m.symbol, countdownTime: String(countdownTime) };
  });

  // Amend a resting limit order's price or quantity: cancelled and placed again with the same settings, as
  // Binance's modify keeps the order id only where its engine amends in place (ours does not).
  scope.put('/v1/order', async (request) => {
    const { userId, params } = await futuresCaller(services, request, 'trade');
    const quantity = params.required('quantity');
    const price = params.required('price');
    const sideText = params.required('side');
    params.optional('priceMatch');
    const { row, m } = await findOne(userId, params);
    if (!row) throw binanceErrors.noSuchOrder();
    if (
      row.type !== 1 ||
      (row.status !== OrderStatus.open && row.status !== OrderStatus.partiallyFilled && row.status !== OrderStatus.init)
    )
      throw new BinanceError(BinanceCode.noSuchOrder, 'Order does not exist.');
    const fact = (await factsOf([row])).get(Number(row.id));
    const cancel = await services.core.execute('futuresCancel', { userId, symbol: m.book, orderId: Number(row.id) });
    if (!cancel.ok) throw binanceErrors.unknownOrder();
    const side = fact?.position_side ?? 'both';
    const hedge = side !== 'both';
    const replacement = new QueryParams({
      symbol: m.symbol,
      side: sideText,
      type: 'LIMIT',
      quantity,
      price,
      timeInForce: row.time_in_force,
      ...(hedge ? { positionSide: side.toUpperCase() } : {}),
      ...(!hedge && fact?.reduce_only === 1 ? { reduceOnly: 'true' } : {}),
    });
    return placeOne(userId, replacement);
  });
}
