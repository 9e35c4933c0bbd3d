import { OrderStatus, type orderListItem } from '@opex/contract/calls/order';
import { spotOrderType } from '@opex/contract/spot-order-terms';
import Big from 'big.js';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { MarketSpec } from '../core/market-spec.ts';
import { spendsQuote } from '../core/order-rules.ts';
import type { OrdersTable } from '../db/tables/trading.ts';

/** An order row as the original's order lists show it. */
const statusTexts: Record<number, string> = {
  [OrderStatus.init]: 'New',
  [OrderStatus.open]: 'Open',
  [OrderStatus.filled]: 'Filled',
  [OrderStatus.partiallyFilled]: 'Partially filled',
  [OrderStatus.cancelled]: 'Cancelled',
  [OrderStatus.pendingCancel]: 'Cancelling',
  [OrderStatus.rejected]: 'Rejected',
  [OrderStatus.expired]: 'Expired',
  [OrderStatus.waitingTrigger]: 'Waiting for trigger',
};

/** Big with its own settings: divisions here truncate to the market's price precision, exactly. */
const Truncating = Big();
Truncating.RM = Big.roundDown;

export function orderListItemOf(
  row: Selectable<OrdersTable>,
  spec: Pick<MarketSpec, 'base' | 'quote' | 'pricePrecision'> | undefined,
): z.input<typeof orderListItem> {
  const pricePrecision = spec?.pricePrecision ?? 8;
  const dealVolume = new Big(row.deal_volume);
  const byQuote = spendsQuote(row);
  // The web app shows a market buy by the quote amount; one the Open API placed by quantity shows what it spent.
  const marketBuyByQuantity = row.type === 2 && row.side === 'BUY' && !byQuote;
  const volume = marketBuyByQuantity ? row.deal_money : row.volume;
  const executed = byQuote || marketBuyByQuantity ? row.deal_money : row.deal_volume;
  Truncating.DP = pricePrecision;
  const status = row.status;
  const cancelledAfterFill = status === OrderStatus.cancelled && dealVolume.gt(0);
  return {
    id: row.id,
    side: row.side,
    side_text: row.side === 'BUY' ? 'Buy' : 'Sell',
    price: row.price,
    volume,
    deal_volume: row.deal_volume,
    remain_volume: new Big(volume).minus(executed).toFixed(),
    avg_price: dealVolume.gt(0) ? new Truncating(row.deal_money).div(row.deal_volume).toFixed(pricePrecision) : '0',
    total_price: row.deal_money,
    status,
    status_text: cancelledAfterFill ? 'Partially filled, cancelled' : (statusTexts[status] ?? String(status)),
    time_long: row.created_at,
    baseCoin: spec?.base ?? '',
    countCoin: spec?.quote ?? '',
    type: row.type,
    // 2 (self-trade prevention expired it) is the exchange's doing as well.
    isCloseCancelOrder: row.closed_by_exchange === 0 ? 0 : 1,
    ...(row.client_order_id ? { clientOrderId: row.client_order_id } : {}),
    orderType: spotOrderType(row.type, row.time_in_force, row.post_only === 1),
    ...(row.trigger_kind !== 0 ? { triggerPrice: row.trigger_price } : {}),
  };
}
