import { z } from 'zod';
import { defineCall } from '../call.ts';
import { positiveAmountField as amount, coinField as coin } from './money-fields.ts';
import { pageField, positiveInt, timeFilterField } from './paging.ts';

/**
 * The futures account (contract-notes-products.md §1.4): one co account per margin coin, money moved to and from the
 * exchange account by the ex host's contract/co_transfer, read by the co host's account/account_balance. Amounts are
 * exact decimal strings (numbers are accepted and read as their shortest decimal form).
 */

/**
 * Moves a margin coin between the exchange account and the futures account. Refused: the coin margins no listed
 * contract (30004), transfers in (out) are closed for it (10006, fundsInStatus / fundsOutStatus), more decimals than
 * the coin keeps (60003), more than is available (40009).
 */
export const coTransfer = defineCall({
  name: 'contract/co_transfer',
  access: 'login',
  writes: true,
  request: z.object({
    transferType: z.enum(['wallet_to_contract', 'contract_to_wallet']),
    amount,
    coinSymbol: coin,
  }),
  reply: z.object({}).passthrough(),
});

/** 0 or 1, as a number or its digit. */
export const flag = z.union([z.literal(1), z.literal('1'), z.literal(0), z.literal('0')]);

/**
 * One margin coin's futures account. With no open positions or orders (futures trading is not open yet), the
 * margins, PnL and locked amounts are 0 and canUseAmount is the whole balance.
 */
export const coAccountItem = z.object({
  symbol: z.string(),
  canUseAmount: z.string(),
  totalAmount: z.string(),
  /** Margin of cross positions, and of isolated ones. */
  totalMargin: z.string(),
  isolateMargin: z.string(),
  /** Held by open orders. */
  lockAmount: z.string(),
  realizedAmount: z.string(),
  unRealizedAmount: z.string(),
  /** Maintenance over margin balance, a fraction ('0' with no position). */
  totalMarginRate: z.string(),
});

/**
 * account/account_balance: the account of one margin coin, or of every margin coin when none is named; `simulated: 1`
 * (ours): the simulated account's.
 */
export const coAccountBalance = defineCall({
  name: 'account/account_balance',
  host: 'co',
  access: 'login',
  request: z.object({ marginCoin: coin.optional(), simulated: flag.optional() }),
  reply: z.object({ accounts: z.array(coAccountItem) }),
});

/**
 * The futures account's ledger kinds (contract-notes §1.4): 1 transfer in, 2 transfer out, 5 funding fee, 6 opening
 * fee, 7 closing fee, 8 loss share, 9 fee rebate, 10 bonus issued, 11 bonus reclaimed; 3, 12 and 13 are ours.
 */
export const CoLedgerType = {
  transferIn: 1,
  transferOut: 2,
  /** Ours: PnL a closing fill realized (the original's 3 and 4, "settle long/short", are commented out). */
  realizedPnl: 3,
  funding: 5,
  openFee: 6,
  closeFee: 7,
  lossShare: 8,
  feeRebate: 9,
  bonusIssued: 10,
  bonusReclaimed: 11,
  /** Ours: a liquidated position's realized PnL and its clearance (what the insurance fund takes). */
  liquidation: 12,
  /** Ours: PnL a delivery contract's settlement at expiry realized. */
  delivery: 13,
} as const;

/**
 * record/get_transaction_list: the futures account's ledger, newest first, within [beginTime, endTime] (the last 14
 * days when absent), of one kind and one margin coin when given. `type` is the kind's English name (the original's
 * display text); `typeCode` (ours) is its number, for the page to word in its language; `symbol` (ours) the row's
 * coin; `contractName` the contract it came from ('' for a transfer).
 */
export const coTransactionList = defineCall({
  name: 'record/get_transaction_list',
  host: 'co',
  access: 'login',
  request: z.object({
    limit: positiveInt(100).default(10),
    page: pageField,
    beginTime: timeFilterField.optional(),
    endTime: timeFilterField.optional(),
    type: z
      .union([z.literal(''), z.number(), z.string().max(2)])
      .transform((v) => (v === '' ? undefined : Number(v)))
      .pipe(z.number().int().min(1).max(13).optional())
      .optional(),
    symbol: coin.optional(),
    /** 1 (ours): the simulated account's ledger (its coupon is kind 10, bonus issued). */
    simulated: flag.optional(),
  }),
  reply: z.object({
    transList: z.array(
      z.object({
        ctime: z.number(),
        type: z.string(),
        typeCode: z.number(),
        symbol: z.string(),
        amount: z.string(),
        contractName: z.string(),
      }),
    ),
    count: z.number(),
  }),
});
