/**
 * The orders the positions table sends through order/order_create: closing a whole position (limit or market), and
 * reversing one (close at market, then open the other side at market). An opening market order is sized by its
 * value (co-order.ts), so the reversed position is the closed contracts' value at the mark price, as many contracts
 * as the book then gives for it; the close is exact.
 */
import Big from 'big.js';
import type { CoPosition } from '../api/futures.ts';
import { type Contract, isDecimal } from './contracts.ts';
import { contractsValue, type OrderRequest } from './futures-order-form.ts';

/** The side that closes a position: a long closes by selling. */
const closingSide = (position: CoPosition) => (position.orderSide === 'BUY' ? 'SELL' : 'BUY');

/** Whether anything of the position may be closed now (what open close orders hold is not). */
export const closable = (position: CoPosition): boolean =>
  isDecimal(position.canCloseVolume) && new Big(position.canCloseVolume).gt(0);

/** The order closing what may be closed of a position: at a limit `price`, or at market without one. */
export function closeOrder(position: CoPosition, price?: string): OrderRequest {
  return {
    contractId: position.contractId,
    positionType: position.positionType === 2 ? 2 : 1,
    side: closingSide(position),
    leverageLevel: position.leverageLevel,
    price: price ?? '0',
    volume: position.canCloseVolume,
    open: 'CLOSE',
    type: price === undefined ? 2 : 1,
    isConditionOrder: false,
  };
}

/**
 * Reversing a position: the market close of what may be closed, then a market order opening the other side for the
 * value those contracts have at the mark price (cut to the margin coin's decimals). Null when nothing may be closed
 * or the position has no mark price.
 */
export function reverseOrders(position: CoPosition, contract: Contract): [OrderRequest, OrderRequest] | null {
  if (!closable(position) || !isDecimal(position.indexPrice) || !new Big(position.indexPrice).gt(0)) return null;
  const value = contractsValue(new Big(position.canCloseVolume), new Big(position.indexPrice), contract).round(
    contract.coinResultVo.marginCoinPrecision,
    Big.roundDown,
  );
  const close = closeOrder(position);
  return [close, { ...close, volume: value.toFixed(), open: 'OPEN' }];
}
