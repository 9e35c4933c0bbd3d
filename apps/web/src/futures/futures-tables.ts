import type { CallReply } from '@opex/contract/call';
import type { coCurrentOrderList, coHisTradeList } from '@opex/contract/calls/co-order';
import { CoOrderStatus, CoOrderType } from '@opex/contract/calls/co-order';
import type { coHistoryPositionList } from '@opex/contract/calls/co-position';
import { CoTriggerStatus, type coTriggerOrderList } from '@opex/contract/calls/co-trigger';
import { EMPTY_DISPLAY, formatAmount, formatDateTime } from '@opex/contract/display';
import type { TFunction } from 'i18next';
import type { TableCell, TableColumn, TableRow } from '../ui/data-table/table-types.ts';
import {
  type Contract,
  type CoUnit,
  isDecimal,
  optionalAmount,
  quantityText,
  signedAmount,
  toneOf,
} from './contracts.ts';

/**
 * The futures order tables' columns and rows (current orders, trigger orders, order history, fills, closed
 * positions), shared by the
 * trade page's tabs and the order centre, so both read a record the same way.
 */
export type CoOrder = CallReply<typeof coCurrentOrderList>['orderList'][number];
export type CoTrade = CallReply<typeof coHisTradeList>['tradeHisList'][number];
export type CoClosedPosition = CallReply<typeof coHistoryPositionList>['positionList'][number];
export type CoTrigger = CallReply<typeof coTriggerOrderList>['trigOrderList'][number];

export interface TableContext {
  t: TFunction;
  /** The catalogue by contract name, for multipliers and coins. */
  contracts: ReadonlyMap<string, Contract>;
  unit: CoUnit;
}

const text = (value: string): TableCell => ({ type: 'text', text: value });
const toneCell = (value: string, shown: string): TableCell => {
  const tone = toneOf(value);
  return tone === 'flat' ? text(shown) : { type: 'label', tone: tone === 'rise' ? 'buy' : 'sell', text: shown };
};

/** Open long, close short...: what an order or fill does to the position. */
export function directionKey(side: 'BUY' | 'SELL', open: 'OPEN' | 'CLOSE'): string {
  if (open === 'OPEN') return side === 'BUY' ? 'openLong' : 'openShort';
  return side === 'SELL' ? 'closeLong' : 'closeShort';
}

const directionCell = (t: TFunction, side: 'BUY' | 'SELL', open: 'OPEN' | 'CLOSE'): TableCell => ({
  type: 'label',
  tone: side === 'BUY' ? 'buy' : 'sell',
  text: t(`futures.direction.${directionKey(side, open)}`),
});

const openStatuses: readonly number[] = [CoOrderStatus.new, CoOrderStatus.open, CoOrderStatus.partlyFilled];
export const canCancelOrder = (order: Pick<CoOrder, 'status'>) => openStatuses.includes(order.status);

/** A contracts figure in the user's unit, '--' for a contract the catalogue no longer lists. */
function volume(ctx: TableContext, name: string, contracts: string): string {
  const contract = ctx.contracts.get(name);
  return contract ? quantityText(contracts, contract, ctx.unit) : formatAmount(contracts, 0);
}

const priceDigits = (ctx: TableContext, name: string, fallback: number) =>
  ctx.contracts.get(name)?.coinResultVo.symbolPricePrecision ?? fallback;
const moneyDigits = (ctx: TableContext, name: string) => ctx.contracts.get(name)?.coinResultVo.marginCoinPrecision ?? 4;
const marginCoin = (ctx: TableContext, name: string) => ctx.contracts.get(name)?.marginCoin ?? '';

export function orderColumns(t: TFunction, history: boolean): TableColumn[] {
  return [
    { key: 'time', title: t('futures.column.time'), width: '14%' },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'type', title: t('futures.column.type') },
    { key: 'direction', title: t('futures.column.direction') },
    { key: 'price', title: t('futures.column.price'), align: 'right' },
    ...(history ? [{ key: 'avgPrice', title: t('futures.column.avgPrice'), align: 'right' as const }] : []),
    { key: 'volume', title: t('futures.column.volume'), align: 'right' },
    { key: 'filled', title: t('futures.column.filled'), align: 'right' },
    ...(history ? [{ key: 'pnl', title: t('futures.column.realized'), align: 'right' as const }] : []),
    { key: 'status', title: t('futures.column.status'), align: 'right' },
    ...(history ? [] : [{ key: 'action', title: t('futures.column.action'), align: 'right' as const }]),
  ];
}

export function orderRow(
  ctx: TableContext,
  order: CoOrder,
  cancel?: { onCancel: (order: CoOrder) => void; busy: boolean },
): TableRow {
  const { t } = ctx;
  const digits = priceDigits(ctx, order.contractName, order.pricePrecision);
  // Forced orders have no price of their own (§1.3: shown as --); market orders say so.
  const price =
    order.type === CoOrderType.forced
      ? EMPTY_DISPLAY
      : order.type === CoOrderType.market
        ? t('futures.marketPrice')
        : formatAmount(order.price, digits);
  const status =
    order.status === CoOrderStatus.cancelled && order.memo > 1
      ? `${t(`futures.status.${order.status}`)} (${t(`futures.memo.${order.memo}`)})`
      : t(`futures.status.${order.status}`);
  return {
    id: order.id,
    cells: {
      time: text(formatDateTime(order.ctime)),
      contract: text(order.contractName),
      type: text(t(`futures.orderType.${order.type}`)),
      direction: directionCell(t, order.side, order.open),
      price: text(price),
      avgPrice: text(optionalAmount(order.avgPrice, digits)),
      volume: text(volume(ctx, order.contractName, order.volume)),
      filled: text(volume(ctx, order.contractName, order.dealVolume)),
      pnl: toneCell(
        order.realizedAmount,
        signedAmount(order.realizedAmount, moneyDigits(ctx, order.contractName), marginCoin(ctx, order.contractName)),
      ),
      status: { type: 'label', tone: 'muted', text: status },
      action:
        cancel && canCancelOrder(order)
          ? {
              type: 'button',
              tone: 'sell',
              text: t('futures.cancel'),
              disabled: cancel.busy,
              onClick: () => cancel.onCancel(order),
            }
          : undefined,
    },
  };
}

/** Active trigger orders (with a cancel button), or ended ones (how each ended, when, and the order it placed). */
export function triggerColumns(t: TFunction, history = false): TableColumn[] {
  return [
    { key: 'time', title: t('futures.column.time'), width: '14%' },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'type', title: t('futures.column.type') },
    { key: 'direction', title: t('futures.column.direction') },
    { key: 'trigger', title: t('futures.column.triggerPrice'), align: 'right' },
    { key: 'price', title: t('futures.column.price'), align: 'right' },
    { key: 'volume', title: t('futures.column.volume'), align: 'right' },
    ...(history
      ? [
          { key: 'status', title: t('futures.column.status'), align: 'right' as const },
          { key: 'ended', title: t('futures.column.endedAt'), align: 'right' as const },
          { key: 'orderId', title: t('futures.column.placedOrder'), align: 'right' as const },
        ]
      : [{ key: 'action', title: t('futures.column.action'), align: 'right' as const }]),
  ];
}

/** Fired, or why it ended otherwise (cancelled by you, expired, failed for margin...). */
function triggerStatusText(t: TFunction, trigger: CoTrigger): string {
  const status = t(`futures.triggerStatus.${trigger.status}`);
  const fired = trigger.status === CoTriggerStatus.done;
  return !fired && trigger.memo > 0 ? `${status} (${t(`futures.triggerMemo.${trigger.memo}`)})` : status;
}

/**
 * A trigger order: what fires it (the price and which price is watched) and the order it then places; an active
 * one has a cancel button when `cancel` is given, an ended one its status, end time and the order it placed.
 */
export function triggerRow(
  ctx: TableContext,
  trigger: CoTrigger,
  cancel?: { onCancel: (trigger: CoTrigger) => void; busy: boolean },
): TableRow {
  const { t } = ctx;
  const digits = priceDigits(ctx, trigger.contractName, trigger.pricePrecision);
  return {
    id: trigger.id,
    cells: {
      time: text(formatDateTime(trigger.ctime)),
      contract: text(trigger.contractName),
      type: text(t(`futures.triggerType.${trigger.triggerType}`)),
      direction: directionCell(t, trigger.side, trigger.open),
      trigger: text(
        `${optionalAmount(trigger.triggerPrice, digits)} (${t(`futures.watchedPrice.${trigger.triggerPriceType}`)})`,
      ),
      price: text(trigger.type === CoOrderType.market ? t('futures.marketPrice') : formatAmount(trigger.price, digits)),
      volume: text(volume(ctx, trigger.contractName, trigger.volume)),
      status: { type: 'label', tone: 'muted', text: triggerStatusText(t, trigger) },
      ended: text(formatDateTime(trigger.mtime)),
      orderId: text(trigger.orderId || EMPTY_DISPLAY),
      action: cancel
        ? {
            type: 'button',
            tone: 'sell',
            text: t('futures.cancel'),
            disabled: cancel.busy,
            onClick: () => cancel.onCancel(trigger),
          }
        : undefined,
    },
  };
}

export function tradeColumns(t: TFunction): TableColumn[] {
  return [
    { key: 'time', title: t('futures.column.time'), width: '14%' },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'direction', title: t('futures.column.direction') },
    { key: 'price', title: t('futures.column.price'), align: 'right' },
    { key: 'volume', title: t('futures.column.filled'), align: 'right' },
    { key: 'role', title: t('futures.column.role') },
    { key: 'fee', title: t('futures.column.fee'), align: 'right' },
    { key: 'pnl', title: t('futures.column.realized'), align: 'right' },
  ];
}

export function tradeRow(ctx: TableContext, trade: CoTrade): TableRow {
  const { t } = ctx;
  const money = moneyDigits(ctx, trade.contractName);
  return {
    id: trade.id,
    cells: {
      time: text(formatDateTime(trade.ctime)),
      contract: text(trade.contractName),
      direction: directionCell(t, trade.side, trade.open),
      price: text(formatAmount(trade.price, priceDigits(ctx, trade.contractName, trade.pricePrecision))),
      volume: text(volume(ctx, trade.contractName, trade.volume)),
      role: text(t(`futures.role.${trade.role === 'maker' ? 'maker' : 'taker'}`)),
      fee: text(formatAmount(trade.fee, trade.feeCoinPrecision, trade.feeCoin)),
      pnl: toneCell(
        trade.realizedAmount,
        signedAmount(trade.realizedAmount, money, marginCoin(ctx, trade.contractName)),
      ),
    },
  };
}

export function closedPositionColumns(t: TFunction): TableColumn[] {
  return [
    { key: 'time', title: t('futures.column.closedAt'), width: '14%' },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'side', title: t('futures.column.side') },
    { key: 'openPrice', title: t('futures.column.entryPrice'), align: 'right' },
    { key: 'closePrice', title: t('futures.column.closePrice'), align: 'right' },
    { key: 'volume', title: t('futures.column.maxVolume'), align: 'right' },
    { key: 'closeProfit', title: t('futures.column.closeProfit'), align: 'right' },
    { key: 'fees', title: t('futures.column.fee'), align: 'right' },
    { key: 'funding', title: t('futures.column.funding'), align: 'right' },
    { key: 'realized', title: t('futures.column.realized'), align: 'right' },
  ];
}

export function closedPositionRow(ctx: TableContext, position: CoClosedPosition): TableRow {
  const { t } = ctx;
  const name = position.contractName;
  const money = moneyDigits(ctx, name);
  const coin = marginCoin(ctx, name);
  const prices = priceDigits(ctx, name, 4);
  const amount = (value: string) => (isDecimal(value) ? formatAmount(value, money, coin) : EMPTY_DISPLAY);
  return {
    id: position.id,
    cells: {
      time: text(formatDateTime(position.mtime)),
      contract: text(name),
      side: {
        type: 'label',
        tone: position.side === 'BUY' ? 'buy' : 'sell',
        text: `${t(position.side === 'BUY' ? 'futures.long' : 'futures.short')} · ${t(`futures.marginModel.${position.positionType === 2 ? 'isolated' : 'cross'}`)} ${position.leverageLevel}x`,
      },
      openPrice: text(formatAmount(position.openPrice, prices)),
      closePrice: text(formatAmount(position.closePrice, prices)),
      volume: text(volume(ctx, name, position.volume)),
      closeProfit: toneCell(position.closeProfit, signedAmount(position.closeProfit, money, coin)),
      fees: text(amount(position.tradeFee)),
      funding: text(amount(position.capitalFee)),
      realized: toneCell(position.historyRealizedAmount, signedAmount(position.historyRealizedAmount, money, coin)),
    },
  };
}
