import { z } from 'zod';
import { defineCall } from '../call.ts';
import { coinBalance } from './finance.ts';
import { coinField } from './money-fields.ts';

/**
 * Transfers between the logged-in user's own account types, and the balances of each type. Allowed only while the
 * operator's switch `is_inner_transfer_open` is '1'. Amounts are exact decimal strings.
 */

/**
 * The user's account types; the original numbered the first two ('1' exchange, '2' otc) and we continue the list.
 * Margin accounts are per pair and move money through lever/finance/transfer (4 is kept unused for them).
 */
export const accountTypes = ['exchange', 'otc', 'co', 'b2c'] as const;
export type AccountTypeName = (typeof accountTypes)[number];

export const accountTypeCodes: Record<string, AccountTypeName> = {
  '1': 'exchange',
  '2': 'otc',
  '3': 'co',
  '5': 'b2c',
};

/** An account type by name or by the original's number (as a digit string or a number). */
export const accountTypeField = z
  .union([z.enum(accountTypes), z.string().max(2), z.number().int()])
  .transform((v) =>
    typeof v === 'string' && (accountTypes as readonly string[]).includes(v) ? v : accountTypeCodes[String(v)],
  )
  .pipe(z.enum(accountTypes, { message: `one of ${accountTypes.join(', ')} (or 1, 2, 3, 5)` }));

/**
 * A signed decimal as typed: the server, not the schema, refuses zero or negative amounts and excess decimals, so
 * that each gets its own error code.
 */
const signedDecimal = z
  .union([z.string().max(40), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(/^-?\d{1,20}(\.\d{1,20})?$/, 'a decimal number'));

/**
 * finance/otc_transfer: the original's call between the exchange and otc accounts, serving every pair of the
 * user's account types here. Refusals: switch off 10006 (is_inner_transfer_open; or, for money moving into the
 * fiat account, fiat_open), same account 60001, zero or negative amount 60002, more decimals
 * than the coin keeps 60003, unlisted coin 30004, more than the available balance 40009.
 */
export const financeOtcTransfer = defineCall({
  name: 'finance/otc_transfer',
  access: 'login',
  writes: true,
  request: z.object({
    fromAccount: accountTypeField,
    toAccount: accountTypeField,
    amount: signedDecimal,
    coinSymbol: coinField,
  }),
  reply: z.object({
    /** The ledger cause id of the transfer (its rows in record/other_transfer_list carry it). */
    transferId: z.string(),
    amount: z.string(),
    coinSymbol: z.string(),
    fromAccount: z.enum(accountTypes),
    toAccount: z.enum(accountTypes),
  }),
});

const typedBalanceRequest = z.object({
  /** Comma-separated coin symbols to include; absent or empty means every listed coin. */
  coinSymbols: z.string().max(2000).optional(),
});

const typedBalanceReply = z.object({
  accountType: z.enum(accountTypes),
  totalBalance: z.string(),
  totalBalanceSymbol: z.literal('BTC'),
  allCoinMap: z.record(z.string(), coinBalance),
});

/**
 * The balances of one account type, in the shape of finance/v5/account_balance (plus `accountType`); the account
 * pages of otc, co and b2c read it. Only the exchange account has locked amounts (open orders).
 */
export const financeAccountTypeBalance = defineCall({
  name: 'finance/account_type_balance',
  access: 'login',
  request: typedBalanceRequest.extend({ accountType: accountTypeField }),
  reply: typedBalanceReply,
});

/** The spec's fiat (b2c) account balance: the b2c account in the same shape. */
export const fiatBalance = defineCall({
  name: 'fiat/balance',
  access: 'login',
  request: typedBalanceRequest,
  reply: typedBalanceReply,
});

/**
 * finance/v4/otc_account_list: the otc account in the original's shape, an array of coins with `normal`, `lock`
 * and `total` (original clients read `allCoinMap` as a list here).
 */
export const otcAccountList = defineCall({
  name: 'finance/v4/otc_account_list',
  access: 'login',
  request: z.object({}),
  reply: z.object({
    totalBalance: z.string(),
    totalBalanceSymbol: z.literal('BTC'),
    allCoinMap: z.array(
      z.object({
        coinSymbol: z.string(),
        normal: z.string(),
        lock: z.string(),
        total: z.string(),
        btcValuation: z.string(),
        sort: z.number(),
        showPrecision: z.number(),
      }),
    ),
  }),
});
