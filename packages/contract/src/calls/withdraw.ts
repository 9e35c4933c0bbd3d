import { z } from 'zod';
import { defineCall } from '../call.ts';
import { humanText } from '../human-text.ts';
import { idField, pageField, pageSizeField } from './paging.ts';
import { secondFactorFields } from './security.ts';

/**
 * Withdrawals (/assets/withdraw) and the withdrawal address book (/assets/addressMent), under the original's call
 * names (addr/*, cost/Getcost, finance/do_withdraw, finance/cancel_withdraw, record/withdraw_list) plus
 * finance/withdraw_confirm for the e-mail confirmation. The server never holds private keys: an approved
 * withdrawal is sent by the operator's wallet (or the demo's simulated chain) and reported back with its txid.
 *
 * A request needs the second factor (as in the security centre) and then the code or link e-mailed to the user
 * (valid 30 minutes). Amount plus fee are locked on request; an amount above the chain's review threshold waits
 * for an operator. States: unconfirmed (waiting for the e-mail confirmation) -> review (operator) or approved ->
 * sent (txid known; funds leave the ledger) -> completed (confirmed on chain); or rejected (by the operator) /
 * cancelled (by the trader, or an expired confirmation), which return amount plus fee exactly once.
 */
export const WithdrawState = {
  unconfirmed: 'unconfirmed',
  review: 'review',
  approved: 'approved',
  sent: 'sent',
  completed: 'completed',
  rejected: 'rejected',
  cancelled: 'cancelled',
} as const;
export type WithdrawStateValue = (typeof WithdrawState)[keyof typeof WithdrawState];
export const withdrawStates = Object.values(WithdrawState) as WithdrawStateValue[];

/** States the trader may still cancel from. */
export const cancellableWithdrawStates: readonly WithdrawStateValue[] = [
  WithdrawState.unconfirmed,
  WithdrawState.review,
];

const coinSymbolField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}$/, 'a coin symbol');
const chainField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,30}$/, 'a chain name');
const addressField = z.string().trim().min(1).max(100);
/** A positive decimal amount as the amount-input rule leaves it: digits and one dot, at most 13 characters. */
const amountField = z
  .string()
  .trim()
  .max(13)
  .regex(/^\d+(\.\d+)?$/, 'a decimal amount')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero');

/** The fee, minimum and limits of one chain a coin is withdrawn on. Amounts are decimal strings. */
export const withdrawChain = z.object({
  chain: z.string(),
  /** How addresses on this chain are checked: bitcoin, bitcoin-testnet, bitcoin-regtest, litecoin, evm. */
  addressFormat: z.string(),
  fee: z.string(),
  minAmount: z.string(),
  /** Amounts above this wait for an operator; '0' means every withdrawal does. */
  reviewThreshold: z.string(),
  /** The daily limit at the user's verification level, over the last 24 hours, across this coin's chains. */
  dailyLimit: z.string(),
});

export const getCost = defineCall({
  name: 'cost/Getcost',
  access: 'login',
  request: z.object({ symbol: coinSymbolField }),
  reply: z.object({
    symbol: z.string(),
    /** 0 when withdrawals of the coin are paused (coinList withdrawOpen). */
    withdrawOpen: z.number(),
    /** Precision of amounts of the coin. */
    scale: z.number(),
    available: z.string(),
    /** What was requested in the last 24 hours (not rejected or cancelled), across the coin's chains. */
    usedToday: z.string(),
    /** 1 when the user's identity is verified (KYC approved), which raises the daily limits. */
    verified: z.number(),
    /** Epoch ms until which withdrawals are held after a security change; 0 when they are not. */
    holdUntil: z.number(),
    /** Which second factor the request needs: google, or a code to the user's e-mail or phone. */
    secondFactor: z.enum(['google', 'email', 'sms']),
    chains: z.array(withdrawChain),
  }),
});

export const withdrawAddress = z.object({
  id: z.number(),
  coinSymbol: z.string(),
  chain: z.string(),
  address: z.string(),
  label: z.string(),
  ctime: z.number(),
});

export const addressList = defineCall({
  name: 'addr/address_list',
  access: 'login',
  request: z.object({ coinSymbol: coinSymbolField.optional() }),
  reply: z.object({ addressList: z.array(withdrawAddress) }),
});

/** Most addresses one user may keep. */
export const ADDRESS_BOOK_MAX = 100;

export const addWithdrawAddr = defineCall({
  name: 'addr/add_withdraw_addr',
  access: 'login',
  writes: true,
  request: z.object({
    coinSymbol: coinSymbolField,
    chain: chainField,
    address: addressField,
    label: humanText(40),
  }),
  reply: withdrawAddress,
});

export const deleteWithdrawAddr = defineCall({
  name: 'addr/delete_withdraw_addr',
  access: 'login',
  writes: true,
  request: z.object({ id: idField }),
  reply: z.null(),
});

/** Checks an address against the chain's checksum rules while the trader types it; changes nothing. */
export const validateWithdrawAddr = defineCall({
  name: 'addr/add_withdraw_addr_validate_v4',
  access: 'login',
  request: z.object({ coinSymbol: coinSymbolField, chain: chainField, address: addressField }),
  reply: z.object({
    valid: z.boolean(),
    /** Why not, as a code: format, checksum, network, mixed_case, witness_version, program_length, padding. */
    problem: z.string(),
    /** The same in English words. */
    reason: z.string(),
    /** The address in its canonical spelling (what a withdrawal to it records); '' when not valid. */
    address: z.string(),
  }),
});

export const withdrawRecord = z.object({
  id: z.number(),
  coinSymbol: z.string(),
  chain: z.string(),
  address: z.string(),
  /** What the address receives. */
  amount: z.string(),
  fee: z.string(),
  state: z.enum(withdrawStates as [WithdrawStateValue, ...WithdrawStateValue[]]),
  txid: z.string(),
  /** Why the operator rejected it, when it was. */
  reason: z.string(),
  ctime: z.number(),
  mtime: z.number(),
});

export const doWithdraw = defineCall({
  name: 'finance/do_withdraw',
  access: 'login',
  writes: true,
  request: z.object({
    symbol: coinSymbolField,
    chain: chainField,
    /** Either an address of the book, or one typed (checked the same way). */
    addressId: idField.optional(),
    address: addressField.optional(),
    /** The amount the address receives; the fee comes on top. */
    amount: amountField,
    ...secondFactorFields,
  }),
  reply: withdrawRecord,
});

export const withdrawConfirm = defineCall({
  name: 'finance/withdraw_confirm',
  access: 'login',
  writes: true,
  request: z
    .object({
      id: idField,
      /** The 6-digit code of the e-mail, or the token of its link. */
      code: z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
      token: z
        .string()
        .regex(/^[A-Za-z0-9_-]{20,100}$/)
        .optional(),
    })
    .refine((v) => v.code !== undefined || v.token !== undefined, 'code or token is required'),
  reply: withdrawRecord,
});

export const cancelWithdraw = defineCall({
  name: 'finance/cancel_withdraw',
  access: 'login',
  writes: true,
  request: z.object({ id: idField }),
  reply: withdrawRecord,
});

export const withdrawList = defineCall({
  name: 'record/withdraw_list',
  access: 'login',
  request: z.object({ coinSymbol: coinSymbolField.optional(), page: pageField, pageSize: pageSizeField }),
  reply: z.object({ count: z.number(), list: z.array(withdrawRecord) }),
});
