import Big from 'big.js';

/**
 * A coin amount's value in BTC by last trade prices: directly (COINBTC), inverted (BTCCOIN), or through USDT
 * (COINUSDT and BTCUSDT); null when no such price exists. Truncated to 8 decimals.
 */
export type LastPrice = (symbol: string) => string | null;

const BTC_DIGITS = 8;
const Division = Big();
Division.DP = 20;

export function btcValue(coin: string, amount: Big, lastPrice: LastPrice): Big | null {
  const c = coin.toLowerCase();
  if (c === 'btc') return amount;
  if (amount.eq(0)) return amount;
  const direct = lastPrice(`${c}btc`);
  if (direct) return truncate(amount.times(direct));
  const inverse = lastPrice(`btc${c}`);
  if (inverse) return truncate(new Division(amount).div(inverse));
  const btcUsdt = lastPrice('btcusdt');
  if (!btcUsdt) return null;
  const usdt = c === 'usdt' ? '1' : lastPrice(`${c}usdt`);
  if (!usdt) return null;
  return truncate(new Division(amount.times(usdt)).div(btcUsdt));
}

const truncate = (value: Big) => value.round(BTC_DIGITS, Big.roundDown);
