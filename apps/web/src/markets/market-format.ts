import { formatDisplay, groupThousands } from '@opex/contract/display';
import Big from 'big.js';

/** A price or amount for the overview: cut to 14 characters, then grouped; '--' stays '--'. */
export function displayNumber(value: string): string {
  const cut = formatDisplay(value);
  return cut === '--' ? cut : groupThousands(cut.replace('+', '')) + (cut.endsWith('+') ? '+' : '');
}

/** rose is a fraction ('0.0123'); shown as a signed percentage with two decimals, exactly (big.js). */
export function displayRose(rose: string): { text: string; direction: 'rise' | 'fall' | 'flat' } {
  let value: Big;
  try {
    value = new Big(rose);
  } catch {
    return { text: '--', direction: 'flat' };
  }
  const percent = value.times(100).round(2, Big.roundDown);
  const direction = percent.gt(0) ? 'rise' : percent.lt(0) ? 'fall' : 'flat';
  return { text: `${percent.gt(0) ? '+' : ''}${percent.toFixed(2)}%`, direction };
}
