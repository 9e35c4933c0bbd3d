import type { CallReply } from '@opex/contract/call';
import type { riskBalanceList } from '@opex/contract/calls/co-common';
import { formatDateTime } from '@opex/contract/display';
import type { TFunction } from 'i18next';
import type { TableColumn, TableRow } from '../ui/data-table/table-types.ts';
import { signedAmount } from './contracts.ts';

/**
 * The insurance fund's movements as table rows and its balance line as chart points (common/risk_balance_list,
 * contract-notes-products.md §1.1).
 */
export type InsuranceList = CallReply<typeof riskBalanceList>;
type Movement = InsuranceList['historyList'][number];

/** Type 1: the fund took money (a liquidation's clearance, funding leftovers); any other: it paid a loss. */
export const TAKEN = 1;

export function insuranceColumns(t: TFunction, coin: string): TableColumn[] {
  return [
    { key: 'time', title: t('futures.column.time') },
    { key: 'type', title: t('futures.column.type') },
    { key: 'amount', title: t('futures.data.amount', { coin }), align: 'right' },
  ];
}

/** A movement: when, taken over or paid out, and the amount signed by which way it went. */
export function insuranceRow(t: TFunction, movement: Movement, digits: number): TableRow {
  const taken = movement.type === TAKEN;
  return {
    id: String(movement.id),
    cells: {
      time: { type: 'text', text: formatDateTime(movement.ctime) },
      type: { type: 'text', text: t(`futures.data.insuranceType.${taken ? 1 : 2}`) },
      amount: {
        type: 'label',
        tone: taken ? 'buy' : 'sell',
        text: signedAmount(taken ? movement.hisAmount : `-${movement.hisAmount}`, digits),
      },
    },
  };
}

export interface BalancePoint {
  /** Seconds, shifted by `offsetOf` (the chart writes UTC; see kline-series.ts). */
  time: number;
  value: number;
}

/**
 * The balance line, oldest first, one point a second at most (the chart takes strictly rising times; the later
 * balance wins). Balances become numbers here only for drawing.
 */
export function balancePoints(
  line: InsuranceList['brokenLineList'],
  offsetOf: (epochSeconds: number) => number = () => 0,
): BalancePoint[] {
  const bySecond = new Map<number, number>();
  for (const point of [...line].sort((a, b) => a.ctime - b.ctime)) {
    const second = Math.floor(point.ctime / 1000);
    bySecond.set(second + offsetOf(second), Number(point.amount));
  }
  return [...bySecond].map(([time, value]) => ({ time, value }));
}
