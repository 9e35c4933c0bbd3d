import { CoOrderStatus } from '@opex/contract/calls/co-order';
import { OrderStatus } from '@opex/contract/calls/order';
import { ledgerOf } from '../ledger/ledger-units.ts';

/**
 * The co status of a futures order (what the order lists and the futures socket show): open, filled, partly filled,
 * cancelled (partly filled then cancelled), abnormal. `dealVolume`: ledger text.
 */
export function coOrderStatus(status: number, dealVolume: string): number {
  if (status === OrderStatus.filled) return CoOrderStatus.filled;
  if (status === OrderStatus.partiallyFilled) return CoOrderStatus.partlyFilled;
  if (status === OrderStatus.cancelled || status === OrderStatus.expired)
    return ledgerOf(dealVolume) > 0n ? CoOrderStatus.partlyFilledCancelled : CoOrderStatus.cancelled;
  if (status === OrderStatus.rejected) return CoOrderStatus.abnormal;
  return CoOrderStatus.open;
}
