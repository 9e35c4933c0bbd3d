import { z } from 'zod';
import { defineCall } from '../call.ts';
import { pageField, pageSizeField } from './paging.ts';

/**
 * Deposits (/assets/recharge). The spec names the page but not its calls; these follow the original's naming
 * (finance/get_charge_address, record/deposit_list). Amounts are exact decimal strings.
 */

const coinSymbol = z
  .string()
  .max(20)
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, 'a coin symbol such as BTC'));

const chainId = z
  .string()
  .max(20)
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]{1,20}$/, 'a chain such as ETH'));

export const depositChain = z.object({
  /** The chain's id, e.g. BTC, ETH (an ERC-20 token lists the chain it lives on). */
  chain: z.string(),
  name: z.string(),
  /** Smallest deposit credited; less is recorded and not credited. */
  minDeposit: z.string(),
  /** Blocks needed before the deposit is credited. */
  confirmations: z.number(),
  /** 1: the address is shared and the memo (tag) must be sent with the deposit. */
  needMemo: z.number(),
});

export const depositCoin = z.object({
  symbol: z.string(),
  name: z.string(),
  icon: z.string(),
  showPrecision: z.number(),
  depositOpen: z.number(),
  chains: z.array(depositChain),
});

/** Every listed coin that can be deposited on at least one chain, with its chains. */
export const depositCoins = defineCall({
  name: 'finance/deposit_coins',
  access: 'login',
  request: z.object({}),
  reply: z.object({ coins: z.array(depositCoin) }),
});

/**
 * Why an address could not be made: no_xpub (the operator has not configured the chain's key), bad_xpub (the
 * configured key is not a valid extended public key), private_key (a private key was configured and is refused),
 * bad_index (no address for this account number).
 */
export const addressFailures = ['no_xpub', 'bad_xpub', 'private_key', 'bad_index'] as const;

/**
 * The caller's deposit address for a coin on a chain, made on first request (one per user, coin and chain, kept
 * forever). Never blank without a reason: state 'failed' carries `error`, and asking again retries.
 */
export const getChargeAddress = defineCall({
  name: 'finance/get_charge_address',
  access: 'login',
  writes: true,
  request: z.object({ symbol: coinSymbol, chain: chainId.optional() }),
  reply: z.object({
    symbol: z.string(),
    chain: z.string(),
    state: z.enum(['ready', 'failed']),
    /** '' only when state is 'failed'. */
    address: z.string(),
    /** The caller's memo (tag) when the chain needs one, else ''. */
    memo: z.string(),
    needMemo: z.number(),
    minDeposit: z.string(),
    confirmations: z.number(),
    error: z.union([z.enum(addressFailures), z.literal('')]),
  }),
});

/**
 * Deposit states: pending (seen, not in a block), confirming (in a block, counting), crediting (being posted to
 * the ledger), credited, below_minimum (recorded, never credited), orphaned (left the chain before it was
 * credited, e.g. a re-org; it comes back if the transaction is mined again).
 */
export const depositStates = ['pending', 'confirming', 'crediting', 'credited', 'below_minimum', 'orphaned'] as const;

export const depositRecord = z.object({
  id: z.number(),
  symbol: z.string(),
  chain: z.string(),
  txid: z.string(),
  outputIndex: z.number(),
  address: z.string(),
  memo: z.string(),
  /** As sent on chain. */
  amount: z.string(),
  /** What reached the balance (the amount at the coin's precision); '0' until credited. */
  creditedAmount: z.string(),
  confirmations: z.number(),
  requiredConfirmations: z.number(),
  status: z.enum(depositStates),
  /** Epoch ms. */
  createdAt: z.number(),
  creditedAt: z.number().nullable(),
});

export type DepositRecord = z.infer<typeof depositRecord>;

export const depositList = defineCall({
  name: 'record/deposit_list',
  access: 'login',
  request: z.object({ symbol: coinSymbol.optional(), page: pageField, pageSize: pageSizeField }),
  reply: z.object({ count: z.number(), financeList: z.array(depositRecord) }),
});
