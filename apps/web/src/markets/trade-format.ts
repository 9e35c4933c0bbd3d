/** How the trade page writes numbers and times: truncated to the market's decimals, grouped, never rounded up. */
import { EMPTY_DISPLAY, formatAmount, formatDateTime } from '@opex/contract/display';
import Big from 'big.js';

/** A price or amount at `decimals` places, grouped by thousands; '--' when there is none. */
export const formatAt = (value: string | undefined, decimals: number): string => formatAmount(value, decimals);

export type Direction = 'rise' | 'fall' | 'flat';

/** A ticker's rose (a fraction, '0.0123') as a signed percentage with two decimals. */
export function roseText(rose: string | undefined): { text: string; direction: Direction } {
  let value: Big;
  try {
    value = new Big(rose ?? '');
  } catch {
    return { text: EMPTY_DISPLAY, direction: 'flat' };
  }
  const percent = value.times(100).round(2, Big.roundDown);
  const direction = percent.gt(0) ? 'rise' : percent.lt(0) ? 'fall' : 'flat';
  return { text: `${percent.gt(0) ? '+' : ''}${percent.toFixed(2)}%`, direction };
}

/** HH:mm:ss of an epoch-milliseconds time, in the reader's zone. */
export const clockTime = (ms: number) => formatDateTime(ms).slice(11);
