import { usePublicInfo } from '../../api/common.ts';
import { spotOrderCalls } from '../../api/orders.ts';
import { OrderCentre } from './OrderCentre.tsx';

/** /order/exchangeOrder: the spot orders (order history with fills, trade history with a CSV export). */
export default function ExchangeOrderPage() {
  return <OrderCentre calls={spotOrderCalls} page="exchangeOrder" marketGroups={usePublicInfo().market.market} />;
}
