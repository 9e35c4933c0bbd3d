import {
  CoCancelMemo,
  coCurrentOrderList,
  coGetTradeInfo,
  coHisTradeList,
  coHistoryOrderList,
  coOrderCancel,
  coOrderCreate,
  coUserOrderCount,
} from '@opex/contract/calls/co-order';
import { OrderStatus, openOrderStatuses } from '@opex/contract/calls/order';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Contract } from '../../catalog/contracts.ts';
import { countedPage, pagePaging } from '../../db/paging.ts';
import type { FuturesOrdersTable } from '../../db/tables/futures.ts';
import type { OrdersTable, TradesTable } from '../../db/tables/trading.ts';
import { coOrderStatus } from '../../futures/co-order-status.ts';
import { contractsBySymbol, liveContract } from '../../futures/contract-books.ts';
import { orderIntent } from '../../futures/order-intent.ts';
import { hasFuturesAccount } from '../../futures/user-config.ts';
import { ledgerFixed, ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { activeTriggerCount } from './co-trigger.ts';
import { familySymbols } from './contract-views.ts';
import { cancelConditionalOrders, createConditionalOrder, type TriggerCalls } from './trigger-create.ts';

/**
 * The co host's order calls (contract-notes-products.md §1.3): orders are placed and cancelled through the core's
 * futures commands with the user's saved settings (leverage, margin mode, one-way or hedge); lists read the stored
 * orders, fills and their futures facts. Each call reads and touches only the caller's own orders.
 */
export function registerCoOrderCalls(app: FastifyInstance, services: Services, triggers: TriggerCalls) {
  const { db } = services.database;

  bindCall(app, services, coOrderCreate, async (input, { userId }) => {
    const { contract, symbol } = await liveContract(services, input.contractId);
    if (contract.status !== 'listed') throw new CallError(ErrorCode.futuresContractClosed);
    if (!(await hasFuturesAccount(db, userId))) throw new CallError(ErrorCode.futuresNoAccount);
    if (input.isConditionOrder)
      return { orderId: String(await createConditionalOrder(triggers, userId, contract, symbol, input)) };
    const { intent } = await orderIntent(db, userId, contract, input.side, input.open);
    const opening = input.open === 'OPEN';
    const byValue = input.type === 2 && opening;
    if (!byValue && !/^\d+$/.test(input.volume))
      throw new CallError(ErrorCode.volumePrecision, 'volume: a whole number of contracts.');
    if (input.type !== 2 && (input.price === undefined || !/[1-9]/.test(input.price)))
      throw new CallError(ErrorCode.badRequest, 'price: a limit order needs a price above 0.');
    const outcome = await services.core.execute('futuresPlace', {
      userId,
      symbol,
      side: input.side,
      kind: input.type,
      ...(input.type === 2 ? {} : { price: input.price }),
      ...(byValue ? { value: input.volume } : { volume: input.volume }),
      intent,
      clientOrderId: null,
    });
    if (!outcome.ok) throw new CallError(outcome.code);
    return { orderId: String(outcome.orderId) };
  });

  bindCall(app, services, coOrderCancel, async ({ contractId, orderId, isConditionOrder }, { userId }) => {
    const { symbol } = await liveContract(services, contractId);
    if (isConditionOrder) {
      await cancelConditionalOrders(triggers, userId, symbol, orderId);
      return {};
    }
    if (orderId === undefined) {
      await services.core.execute('futuresCancelAll', { userId, symbol });
      return {};
    }
    const id = Number(orderId);
    if (!Number.isSafeInteger(id)) throw new CallError(ErrorCode.orderNotOpen);
    const outcome = await services.core.execute('futuresCancel', { userId, symbol, orderId: id });
    if (!outcome.ok) throw new CallError(outcome.code);
    return {};
  });

  /** The caller's futures orders (open or ended), newest first, of one contract and type when named. */
  const orderPage = async (
    userId: number,
    input: {
      contractId?: number | undefined;
      type?: number | '' | undefined;
      side?: string | undefined;
      coType?: string | undefined;
      page: number;
      limit: number;
    },
    open: boolean,
    window: { beginTime?: number | undefined; endTime?: number | undefined } = {},
  ) => {
    const contracts = await contractsBySymbol(services);
    let query = db
      .selectFrom('orders')
      .where('user_id', '=', userId)
      .where('account', 'in', ['co', 'co_sim'])
      .where('status', open ? 'in' : 'not in', [...openOrderStatuses, OrderStatus.rejected]);
    const family = familySymbols(contracts, input.coType);
    if (family) query = query.where('symbol', 'in', family);
    if (input.contractId !== undefined) {
      const { symbol } = await liveContract(services, input.contractId);
      query = query.where('symbol', '=', symbol);
    }
    if (input.side) query = query.where('side', '=', input.side as 'BUY' | 'SELL');
    if (input.type !== undefined && input.type !== '') {
      const kind = input.type;
      query = query.where('id', 'in', (eb) =>
        eb.selectFrom('futures_orders').select('order_id').where('user_id', '=', userId).where('kind', '=', kind),
      );
    }
    const paging = pagePaging({
      page: input.page,
      pageSize: input.limit,
      startTime: window.beginTime,
      endTime: window.endTime,
    });
    const { count, rows } = await countedPage(query, paging);
    const facts = await futuresFacts(rows.map((r) => r.id));
    return {
      count,
      orderList: rows.flatMap((row) => {
        const contract = contracts.get(row.symbol);
        const fact = facts.get(row.id);
        return contract && fact ? [orderItem(row, fact, contract)] : [];
      }),
    };
  };

  const futuresFacts = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, Selectable<FuturesOrdersTable>>();
    const rows = await db.selectFrom('futures_orders').selectAll().where('order_id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.order_id), r]));
  };

  bindCall(app, services, coCurrentOrderList, async (input, { userId }) => orderPage(userId, input, true));
  bindCall(app, services, coHistoryOrderList, async (input, { userId }) => orderPage(userId, input, false, input));

  /** The caller's fills, newest first: each trade seen from the caller's side. */
  const tradePage = async (userId: number, symbols: string[], paging: ReturnType<typeof pagePaging>) => {
    const contracts = await contractsBySymbol(services);
    const query = db
      .selectFrom('trades')
      .where('symbol', 'in', symbols.length ? symbols : [...contracts.keys(), ''])
      .where((eb) => eb.or([eb('maker_user_id', '=', userId), eb('taker_user_id', '=', userId)]));
    const { count, rows } = await countedPage(query, paging);
    const fills = rows.length
      ? await db
          .selectFrom('futures_fills')
          .selectAll()
          .where(
            'trade_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    const fillOf = new Map(fills.map((f) => [Number(f.trade_id), f]));
    const mine = rows.map((r) => (Number(r.taker_user_id) === userId ? r.taker_order_id : r.maker_order_id));
    const facts = await futuresFacts(mine.map(Number));
    const list = rows.flatMap((row) => {
      const contract = contracts.get(row.symbol);
      const fill = fillOf.get(Number(row.id));
      if (!contract || !fill) return [];
      const taker = Number(row.taker_user_id) === userId;
      const orderId = Number(taker ? row.taker_order_id : row.maker_order_id);
      const scale = services.core.market(row.symbol)?.futures?.marginScale ?? 8;
      return [tradeItem(row, fill, contract, scale, taker, orderId, facts.get(orderId))];
    });
    return { count, list };
  };

  bindCall(app, services, coHisTradeList, async (input, { userId }) => {
    const symbols =
      input.contractId === undefined
        ? (familySymbols(await contractsBySymbol(services), input.coType) ?? [])
        : [(await liveContract(services, input.contractId)).symbol];
    const paging = pagePaging({
      page: input.page,
      pageSize: input.limit,
      startTime: input.beginTime,
      endTime: input.endTime,
    });
    const { count, list } = await tradePage(userId, symbols, paging);
    return { count, tradeHisList: list };
  });

  bindCall(app, services, coGetTradeInfo, async ({ contractId }, { userId }) => {
    const { symbol } = await liveContract(services, contractId);
    const { list } = await tradePage(userId, [symbol], pagePaging({ page: 1, pageSize: 50 }));
    return { tradeList: list };
  });

  bindCall(app, services, coUserOrderCount, async ({ contractId }, { userId }) => {
    let query = db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('account', 'in', ['co', 'co_sim'])
      .where('status', 'in', [...openOrderStatuses]);
    const symbol = contractId === undefined ? null : (await liveContract(services, contractId)).symbol;
    if (symbol !== null) query = query.where('symbol', '=', symbol);
    const row = await query.executeTakeFirst();
    return {
      orderCount: Number(row?.n ?? 0),
      triggerOrderCount: await activeTriggerCount(services, userId, symbol),
    };
  });
}

const openText = (fact: Selectable<FuturesOrdersTable> | undefined): 'OPEN' | 'CLOSE' =>
  fact?.reduce_only === 1 ? 'CLOSE' : 'OPEN';

/** Why an ended order was cancelled, in the original's memo codes; 0 when it was not. */
function cancelMemo(row: Selectable<OrdersTable>, fact: Selectable<FuturesOrdersTable>): number {
  if (row.status !== OrderStatus.cancelled && row.status !== OrderStatus.expired) return 0;
  if (row.closed_by_exchange === 0) return CoCancelMemo.user;
  if (row.time_in_force === 'FOK') return CoCancelMemo.fokUnfilled;
  if (row.time_in_force === 'IOC' || row.type === 2) return CoCancelMemo.iocRemainder;
  if (fact.kind === 5) return CoCancelMemo.postOnlyWouldTake;
  return CoCancelMemo.system;
}

/**
 * The average fill price from what an order's fills were worth: value = contracts x multiplier x price (linear) or
 * contracts x multiplier / price (inverse).
 */
export function averagePrice(contract: Contract, dealVolume: bigint, dealValue: bigint): string {
  if (dealVolume === 0n || dealValue === 0n) return '0';
  const multiplier = ledgerOf(contract.multiplier);
  const one = 10n ** 18n;
  const price =
    contract.contract_side === 1
      ? (dealValue * one) / (dealVolume * multiplier)
      : (dealVolume * multiplier * one) / dealValue;
  return ledgerFixed(price, contract.price_precision);
}

function orderItem(row: Selectable<OrdersTable>, fact: Selectable<FuturesOrdersTable>, contract: Contract) {
  const dealVolume = BigInt(row.deal_volume.split('.')[0] as string);
  return {
    id: String(row.id),
    contractId: contract.id,
    contractName: contract.contract_name,
    symbol: `${contract.base}-${contract.quote}`,
    side: row.side,
    open: openText(fact),
    type: fact.kind,
    price: row.type === 2 ? '0' : row.price,
    volume: row.volume,
    dealVolume: String(dealVolume),
    avgPrice: averagePrice(contract, dealVolume, ledgerOf(row.deal_money)),
    pricePrecision: contract.price_precision,
    orderBalance: row.reserve,
    status: coOrderStatus(row.status, row.deal_volume),
    memo: cancelMemo(row, fact),
    realizedAmount: fact.realized,
    tradeFee: row.fee,
    liqPositionMsg: '',
    positionType: fact.margin_mode,
    leverageLevel: fact.leverage,
    ctime: Number(row.created_at),
    mtime: Number(row.updated_at),
  };
}

function tradeItem(
  row: Selectable<TradesTable>,
  fill: { buyer_realized: string; seller_realized: string },
  contract: Contract,
  marginScale: number,
  taker: boolean,
  orderId: number,
  fact: Selectable<FuturesOrdersTable> | undefined,
) {
  const side = taker ? row.taker_side : row.taker_side === 'BUY' ? 'SELL' : 'BUY';
  const buyer = side === 'BUY';
  return {
    id: String(row.id),
    orderId: String(orderId),
    contractId: contract.id,
    contractName: contract.contract_name,
    symbol: `${contract.base}-${contract.quote}`,
    side,
    open: openText(fact),
    price: row.price,
    volume: row.volume,
    role: taker ? 'taker' : 'maker',
    fee: buyer ? row.buyer_fee : row.seller_fee,
    feeCoin: contract.margin_coin,
    feeCoinPrecision: marginScale,
    pricePrecision: contract.price_precision,
    realizedAmount: ledgerText(ledgerOf(buyer ? fill.buyer_realized : fill.seller_realized)),
    ctime: Number(row.created_at),
  };
}
