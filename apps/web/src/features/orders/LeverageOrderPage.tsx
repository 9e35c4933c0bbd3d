import { switchOn, usePublicInfo } from '../../api/common.ts';
import { marginOrderCalls } from '../../api/orders.ts';
import { leverGroups } from '../../markets/lever-markets.ts';
import { OrderCentre } from './OrderCentre.tsx';

/** /order/leverageOrder: the margin orders of every pair open for margin, current and history with their fills. */
export default function LeverageOrderPage() {
  const info = usePublicInfo();
  const groups = leverGroups(info.market.market, switchOn(info.switch, 'lever_open'));
  return <OrderCentre calls={marginOrderCalls} page="leverageOrder" marketGroups={groups} />;
}
