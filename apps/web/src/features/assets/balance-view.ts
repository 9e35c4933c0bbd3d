import type { CallReply } from '@opex/contract/call';
import type { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { groupThousands, truncateDecimal } from '@opex/contract/display';
import Big from 'big.js';
import { displayNumber } from '../../lib/market-format.ts';

/**
 * Pure rules of the balance tables: which coins show (search, hide small) and what a BTC amount is worth in the
 * reader's fiat. Amounts stay decimal strings; arithmetic is big.js.
 */
export type CoinBalance = CallReply<typeof financeAccountTypeBalance>['allCoinMap'][string];

/** Below this BTC value a balance is small; a coin without a price (valued 0) is never hidden when held. */
export const SMALL_BALANCE_BTC = '0.0001';

export function visibleBalances(
  coins: readonly CoinBalance[],
  { search, hideSmall }: { search: string; hideSmall: boolean },
): CoinBalance[] {
  const wanted = search.trim().toUpperCase();
  return coins.filter((coin) => {
    if (wanted && !coin.coinName.toUpperCase().includes(wanted)) return false;
    if (!hideSmall) return true;
    const total = new Big(coin.total_balance);
    if (total.eq(0)) return false;
    const btc = new Big(coin.allBtcValuatin);
    return btc.eq(0) || btc.gte(SMALL_BALANCE_BTC);
  });
}

export interface FiatRate {
  /** Price of one unit of each coin in the fiat, plus coin_precision and lang_logo. */
  [key: string]: string | number;
}

/** "$1,234.56": a BTC amount in the language's fiat, truncated to its digits; '' when no BTC price is known. */
export function fiatAmount(btc: string, rate: FiatRate | undefined): string {
  const price = rate?.BTC;
  if (price === undefined || !/^\d+(\.\d+)?$/.test(String(price))) return '';
  const digits = Number(rate?.coin_precision ?? 2);
  const value = truncateDecimal(new Big(btc).times(String(price)).toFixed(), digits);
  return `${rate?.lang_logo ?? ''}${groupThousands(value)}`;
}

/** "≈ $1,234.56", the estimate beside a BTC total; '' when no BTC price is known. */
export function fiatValue(btc: string, rate: FiatRate | undefined): string {
  const amount = fiatAmount(btc, rate);
  return amount && `≈ ${amount}`;
}

/** An amount at a coin's display digits, cut to the spec's 14 characters and grouped (the tables' format). */
export function amountText(value: string, digits: number): string {
  return displayNumber(truncateDecimal(value, digits));
}
