import {
  CoTriggerMemo,
  CoTriggerStatus,
  CoTriggerType,
  coHistoryTriggerOrderList,
  coOrderTpslCancel,
  coOrderTpslCreate,
  coTakeProfitStopLoss,
  coTriggerOrderList,
} from '@opex/contract/calls/co-trigger';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Contract } from '../../catalog/contracts.ts';
import { countedPage, pagePaging } from '../../db/paging.ts';
import { contractsBySymbol, liveContract } from '../../futures/contract-books.ts';
import { type Direction, trailingStop } from '../../futures/trigger-book.ts';
import type { TriggerRow } from '../../futures/trigger-store.ts';
import { ledgerFixed, ledgerOf } from '../../ledger/ledger-units.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { familySymbols } from './contract-views.ts';
import { createTakeProfitStopLoss, type TriggerCalls } from './trigger-create.ts';

/**
 * The co host's conditional-order calls (contract-notes-products.md §1.3): the active and ended lists, a position's
 * take-profit and stop-loss (read, created by trigger-create.ts, cancelled), the count. Each call reads and touches
 * only the caller's own; the trigger watch fires them.
 */
export function registerCoTriggerCalls(app: FastifyInstance, kit: TriggerCalls) {
  const { services } = kit;
  const { db } = services.database;

  const triggerPage = async (
    userId: number,
    input: z.output<typeof coHistoryTriggerOrderList.request> | z.output<typeof coTriggerOrderList.request>,
    active: boolean,
  ) => {
    const contracts = await contractsBySymbol(services);
    let query = db
      .selectFrom('futures_trigger_orders')
      .where('user_id', '=', userId)
      .where('status', active ? '=' : '!=', CoTriggerStatus.active);
    const family = familySymbols(contracts, input.coType);
    if (family) query = query.where('symbol', 'in', family);
    if (input.contractId !== undefined)
      query = query.where('symbol', '=', (await liveContract(services, input.contractId)).symbol);
    if (input.side) query = query.where('side', '=', input.side);
    if (input.type !== undefined && input.type !== '') query = query.where('order_type', '=', input.type);
    const window = 'beginTime' in input ? { startTime: input.beginTime, endTime: input.endTime } : {};
    const { count, rows } = await countedPage(
      query,
      pagePaging({ page: input.page, pageSize: input.limit, ...window }),
    );
    return {
      count,
      trigOrderList: rows.flatMap((row) => {
        const contract = contracts.get(row.symbol);
        return contract ? [trigOrderItem(row, contract)] : [];
      }),
    };
  };

  bindCall(app, services, coTriggerOrderList, (input, { userId }) => triggerPage(userId, input, true));
  bindCall(app, services, coHistoryTriggerOrderList, (input, { userId }) => triggerPage(userId, input, false));

  bindCall(app, services, coTakeProfitStopLoss, async ({ contractId, orderSide }, { userId }) => {
    const { contract, symbol } = await liveContract(services, contractId);
    const rows = await db
      .selectFrom('futures_trigger_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('symbol', '=', symbol)
      .where('status', '=', CoTriggerStatus.active)
      .where('reduce_only', '=', 1)
      .where('side', '=', orderSide === 'BUY' ? 'SELL' : 'BUY')
      .where('trigger_type', 'in', [CoTriggerType.stopLoss, CoTriggerType.takeProfit])
      .orderBy('id')
      .execute();
    const item = (row: TriggerRow) => ({
      id: String(row.id),
      triggerPrice: ledgerFixed(ledgerOf(row.trigger_price), contract.price_precision),
      price: row.order_type === 2 ? '0' : ledgerFixed(ledgerOf(row.price), contract.price_precision),
      volume: row.volume,
    });
    const takeProfitList = rows.filter((r) => r.trigger_type === CoTriggerType.takeProfit).map(item);
    const stopLossList = rows.filter((r) => r.trigger_type === CoTriggerType.stopLoss).map(item);
    return { takeProfitCount: takeProfitList.length, stopLossCount: stopLossList.length, takeProfitList, stopLossList };
  });

  bindCall(app, services, coOrderTpslCreate, (input, { userId }) => createTakeProfitStopLoss(kit, userId, input));
  bindCall(app, services, coOrderTpslCancel, async ({ contractId, orderIds }, { userId }) => {
    const { symbol } = await liveContract(services, contractId);
    const ids = orderIds.split(',').map(Number);
    const ended = await kit.watch.cancel(userId, symbol, ids, CoTriggerMemo.userCancelled);
    if (ended.length === 0) throw new CallError(ErrorCode.futuresTriggerNotActive);
    return {};
  });
}

/** The caller's active triggers (of one contract when named): the order count's triggerOrderCount. */
export async function activeTriggerCount(services: Services, userId: number, symbol: string | null): Promise<number> {
  let query = services.database.db
    .selectFrom('futures_trigger_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', CoTriggerStatus.active);
  if (symbol !== null) query = query.where('symbol', '=', symbol);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

function trigOrderItem(row: TriggerRow, contract: Contract) {
  const fixed = (text: string) => ledgerFixed(ledgerOf(text), contract.price_precision);
  const trailing = row.trigger_type === CoTriggerType.trailingStop;
  const stop = trailing
    ? trailingStop(
        {
          callbackRate: ledgerOf(row.callback_rate),
          activation: null,
          extreme: row.extreme === '0' ? null : ledgerOf(row.extreme),
        },
        row.direction as Direction,
      )
    : null;
  return {
    id: String(row.id),
    contractId: contract.id,
    contractName: contract.contract_name,
    symbol: `${contract.base}-${contract.quote}`,
    side: row.side,
    open: row.reduce_only === 1 ? ('CLOSE' as const) : ('OPEN' as const),
    type: row.order_type,
    triggerType: row.trigger_type,
    triggerPriceType: row.price_kind,
    timeInForce: row.expire_days,
    triggerPrice: trailing
      ? stop === null
        ? '0'
        : ledgerFixed(stop, contract.price_precision)
      : fixed(row.trigger_price),
    price: row.order_type === 2 ? '0' : fixed(row.price),
    volume: row.volume,
    pricePrecision: contract.price_precision,
    status: row.status,
    memo: row.memo,
    errorCode: row.error_code,
    orderId: row.order_id === null ? '' : String(row.order_id),
    callbackRate: row.callback_rate,
    activationPrice: fixed(row.activation_price),
    extremePrice: fixed(row.extreme),
    positionType: row.margin_mode,
    leverageLevel: row.leverage,
    ctime: Number(row.created_at),
    mtime: Number(row.updated_at),
    expireTime: Number(row.expire_at),
  };
}
