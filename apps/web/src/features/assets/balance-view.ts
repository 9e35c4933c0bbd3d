import type { CallReply } from '@opex/contract/call';
import type { financeAccountTypeBalance } from '@opex/contract/calls/finance-transfer';
import { groupThousands, truncateDecimal } from '@opex/contract/display';
import Big from 'big.js';
import { displayNumber } from '../../markets/market-format.ts';

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

/** A coin's price in the fiat, as a decimal string, or null when the rate table has none. */
function priceOf(rate: FiatRate | undefined, coin: string): string | null {
  const price = rate?.[coin];
  return price !== undefined && /^\d+(\.\d+)?$/.test(String(price)) ? String(price) : null;
}

/** "$1,234.56": an exact value in the language's fiat, truncated to its digits. */
function fiatText(value: Big, rate: FiatRate | undefined): string {
  const digits = Number(rate?.coin_precision ?? 2);
  return `${rate?.lang_logo ?? ''}${groupThousands(truncateDecimal(value.toFixed(), digits))}`;
}

/**
 * An amount of a coin in the language's fiat, at the coin's own rate (so 25,000 USDT pegged 1:1 is exactly
 * $25,000.00, not a detour through BTC); '' when the coin has no rate.
 */
export function fiatAmount(coin: string, amount: string, rate: FiatRate | undefined): string {
  const price = priceOf(rate, coin);
  return price === null ? '' : fiatText(new Big(amount).times(price), rate);
}

/** "≈ $1,234.56": the sum of the balances that have a rate, each at its own; '' when none has one. */
export function fiatTotal(coins: readonly CoinBalance[], rate: FiatRate | undefined): string {
  const priced = coins.flatMap((c) => {
    const price = priceOf(rate, c.coinName);
    return price === null ? [] : [new Big(c.total_balance).times(price)];
  });
  return priced.length
    ? `≈ ${fiatText(
        priced.reduce((sum, v) => sum.plus(v), new Big(0)),
        rate,
      )}`
    : '';
}

/** An amount at a coin's display digits, cut to the spec's 14 characters and grouped (the tables' format). */
export function amountText(value: string, digits: number): string {
  return displayNumber(truncateDecimal(value, digits));
}
