import { snapshot } from '@opex/engine/snapshot';
import { ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';
import type { ApplyContext, CommandEntry } from '../command-entry.ts';
import { cancelOrder } from '../spot/order-cancel.ts';
import { notional } from './contract-value.ts';
import type { FuturesRules } from './futures-rules.ts';
import { settlePositionFill } from './futures-settlement.ts';
import { trimReduceOnly } from './reduce-only.ts';

/**
 * Delivery of dated contracts (the scheduled task `futures.delivery`, core-schedule.ts). At a contract's delivery
 * time every open order in it is cancelled by the exchange, and every open position is closed at the delivery price
 * without a fee, its PnL realized against the clearing account (ledger cause `delivery`, id `delivery:{contract}`).
 * The price and the index bars it averages come in the command (deliveryPrice), so applying it reads no database and
 * a replay settles the same. The contract is then `delivered` (its status is written in the same batch, so a restart
 * never delivers it twice) and its book takes no more orders; futures_deliveries keeps the price, the bars and every
 * position closed.
 */
export interface DeliveryCommand {
  contracts: DeliveryContract[];
}

export interface DeliveryContract {
  contractId: number;
  /** The contract's book: w-btc-usdt. */
  symbol: string;
  deliveryTime: number;
  /** The delivery price, ledger text. */
  price: string;
  /** The index bars averaged: each minute's start and close (ledger text). */
  bars: { openTime: number; close: string }[];
}

export interface DeliveryOutcome {
  /** Ids of the contracts delivered. */
  delivered: number[];
}

/** The index bars a delivery averages: those that opened in the last 30 minutes before the delivery time. */
export const DELIVERY_WINDOW_MS = 30 * 60_000;

/**
 * The delivery price: the mean of the index bars' closes, rounded to the nearest tick of the contract's price
 * precision (a half tick up), exact in ledger units. Null with no bar.
 */
export function deliveryPrice(closes: readonly bigint[], pricePrecision: number): bigint | null {
  if (closes.length === 0) return null;
  const tick = 10n ** BigInt(18 - pricePrecision);
  const n = BigInt(closes.length);
  const sum = closes.reduce((a, b) => a + b, 0n);
  // floor(sum / (n x tick) + 1/2) ticks.
  return ((2n * sum + n * tick) / (2n * n * tick)) * tick;
}

export function deliveryCommands() {
  const futuresDeliver: CommandEntry<DeliveryCommand, DeliveryOutcome> = {
    // The positions' owners' balances are always loaded (core-state.ts), as are those of open orders.
    owners: () => [],
    apply: (context, command) => ({
      delivered: command.contracts.filter((c) => deliver(context, c)).map((c) => c.contractId),
    }),
    unavailable: () => ({ delivered: [] }),
  };
  return { futuresDeliver };
}

/** Delivers one contract; false when its book is not the contract's (already delivered, or never loaded). */
function deliver(context: ApplyContext, c: DeliveryContract): boolean {
  const { state, batch, at } = context;
  const market = state.markets.get(c.symbol);
  const rules = market?.spec.futures as FuturesRules | null | undefined;
  if (!market || !rules || rules.contractId !== c.contractId || state.futures.delivered.has(c.contractId)) return false;
  const price = ledgerOf(c.price);

  // Its open orders (and stop orders waiting in the book), in id order.
  const { orders, triggers } = snapshot(market.book);
  const ids = [...orders, ...triggers].map((o) => o.id).sort((a, b) => a - b);
  for (const id of ids) {
    const order = state.open.get(id);
    if (!order) continue;
    cancelOrder(state, batch, { userId: order.userId, orderId: id, symbol: c.symbol, account: order.account }, at);
    order.closedByExchange = true;
  }

  // Every position closed at the delivery price, oldest first: longs and shorts net to zero at one price.
  const fill = { state, batch, now: at, rules, cause: `delivery:${c.contractId}`, pnlCause: 'delivery' as const };
  const positions = [...state.futures.positionsOf(c.symbol)].sort((a, b) => a.id - b.id);
  const closed = positions.map((p) => {
    const { qty, entry } = p;
    const size = qty < 0n ? -qty : qty;
    const { realized } = settlePositionFill(fill, {
      userId: p.userId,
      symbol: p.symbol,
      intent: p,
      signed: -qty,
      price,
      value: notional(rules.terms, size, price),
      feeRate: 0n,
      clearance: false,
      freeReserve: () => 0n,
    });
    return {
      positionId: p.id,
      userId: p.userId,
      qty: qty.toString(),
      entry: ledgerText(entry),
      realized: ledgerText(realized),
    };
  });
  trimReduceOnly(state, batch, at);

  market.spec.open = false;
  state.futures.delivered.add(c.contractId);
  state.futures.marks.delete(c.symbol);
  batch.insert('futures_deliveries', {
    contract_id: c.contractId,
    symbol: c.symbol,
    delivery_time: c.deliveryTime,
    price: c.price,
    bars: JSON.stringify(c.bars),
    positions: JSON.stringify(closed),
    orders_cancelled: ids.length,
    successor_id: null,
    created_at: at,
  });
  batch.insert('contracts:status', { id: c.contractId, status: 'delivered', updated_at: at });
  return true;
}
