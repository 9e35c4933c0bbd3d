import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * The user's spot (exchange account) balances. Amounts are exact decimal strings. `allBtcValuatin` (the original's
 * spelling) values a coin's total in BTC by the last trade price of its BTC market (directly, inverted, or through
 * USDT); '0' when no price exists.
 */
export const coinBalance = z.object({
  coinName: z.string(),
  /** Available to trade or withdraw. */
  normal_balance: z.string(),
  /** Reserved by open orders. */
  lock_balance: z.string(),
  total_balance: z.string(),
  allBtcValuatin: z.string(),
  depositOpen: z.number(),
  withdrawOpen: z.number(),
  sort: z.number(),
  isFiat: z.number(),
  showPrecision: z.number(),
  /** Not offered by this exchange yet: always '0'. */
  overcharge_balance: z.string(),
  lock_position_balance: z.string(),
  lock_increment_amount: z.string(),
});

const balanceRequest = z.object({
  /** Comma-separated coin symbols to include; absent or empty means every listed coin. */
  coinSymbols: z.string().max(2000).optional(),
});

const balanceReply = z.object({
  totalBalance: z.string(),
  totalBalanceSymbol: z.literal('BTC'),
  allCoinMap: z.record(z.string(), coinBalance),
});

export const accountBalanceV5 = defineCall({
  name: 'finance/v5/account_balance',
  access: 'login',
  request: balanceRequest,
  reply: balanceReply,
});

/** The older name of the same call, kept for clients that still use it: same request, same reply. */
export const accountBalance = defineCall({
  name: 'finance/account_balance',
  access: 'login',
  request: balanceRequest,
  reply: balanceReply,
});
