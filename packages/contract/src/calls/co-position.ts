import { z } from 'zod';
import { defineCall } from '../call.ts';
import { coAccountItem, flag } from './co-account.ts';
import { idField } from './paging.ts';

/**
 * Futures positions on the co host (contract-notes-products.md §1.4). Money is in the contract's margin coin, as
 * exact decimal strings; rates are fractions ('0.05' is 5%); volumes are whole contracts.
 */

export const coPositionItem = z.object({
  id: z.string(),
  contractId: z.number(),
  contractName: z.string(),
  symbol: z.string(),
  /** BUY long, SELL short. */
  orderSide: z.enum(['BUY', 'SELL']),
  /** both (one-way), long or short (hedge). */
  positionSide: z.enum(['both', 'long', 'short']),
  leverageLevel: z.number(),
  /** 1 cross, 2 isolated. */
  positionType: z.number(),
  positionVolume: z.string(),
  canCloseVolume: z.string(),
  openAvgPrice: z.string(),
  /** The mark price (the original's name); the index price is indexPriceReal. */
  indexPrice: z.string(),
  indexPriceReal: z.string(),
  /** Liquidation price; '0' when no price liquidates it. */
  reducePrice: z.string(),
  bankruptcyPrice: z.string(),
  /** Margin held. */
  holdAmount: z.string(),
  /** Maintenance over margin balance. */
  marginRate: z.string(),
  /** Unrealized PnL over margin (ROE). */
  returnRate: z.string(),
  /** Unrealized PnL at the mark price. */
  openRealizedAmount: z.string(),
  unRealizedAmount: z.string(),
  realizedAmount: z.string(),
  /** Most margin that may be added (available), and removed. */
  canUseAmount: z.string(),
  canSubMarginAmount: z.string(),
  /** Maintenance margin rate of its bracket. */
  keepRate: z.string(),
  maxFeeRate: z.string(),
  tradeFee: z.string(),
  capitalFee: z.string(),
  /** Notional value at the mark price. */
  positionBalance: z.string(),
  /** Auto-deleverage queue, 1 (last) to 5 (first). */
  adlRank: z.number(),
  ctime: z.number(),
  mtime: z.number(),
});

/**
 * position/get_assets_list: open positions and the futures accounts (`onlyAccount: 1`: the accounts only).
 * `simulated: 1` (ours): the simulated account and the simulated contracts' positions instead of the real ones; the
 * two are never mixed.
 */
export const coAssetsList = defineCall({
  name: 'position/get_assets_list',
  host: 'co',
  access: 'login',
  request: z.object({ onlyAccount: flag.optional(), simulated: flag.optional() }),
  reply: z.object({ positionList: z.array(coPositionItem), accountList: z.array(coAccountItem) }),
});

/**
 * position/change_position_margin: adds (type 1) or removes (type 2) isolated margin; `amount` is negative when
 * removing (the original's form), and either sign is read by `type`. Removing is refused below the initial margin.
 */
export const coChangePositionMargin = defineCall({
  name: 'position/change_position_margin',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    type: z.union([z.literal(1), z.literal(2)]),
    contractId: idField,
    positionId: idField,
    amount: z
      .union([z.string(), z.number()])
      .transform((v) => (typeof v === 'number' ? String(v) : v.trim()).replace(/^-/, ''))
      .refine((v) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v), 'must be a decimal number other than 0'),
  }),
  reply: z.object({}).passthrough(),
});

export const coClosedPositionItem = z.object({
  id: z.string(),
  contractId: z.number(),
  contractName: z.string(),
  side: z.enum(['BUY', 'SELL']),
  positionType: z.number(),
  leverageLevel: z.number(),
  /** Margin it held at the end. */
  amount: z.string(),
  openPrice: z.string(),
  closePrice: z.string(),
  /** The most contracts it held. */
  volume: z.string(),
  historyRealizedAmount: z.string(),
  tradeFee: z.string(),
  capitalFee: z.string(),
  /** PnL of its closing trades, before fees and funding. */
  closeProfit: z.string(),
  shareAmount: z.string(),
  ctime: z.number(),
  mtime: z.number(),
});

/** position/history_position_list: the caller's closed positions, newest first (of one contract when named). */
export const coHistoryPositionList = defineCall({
  name: 'position/history_position_list',
  host: 'co',
  access: 'login',
  request: z.object({ contractId: idField.optional() }),
  reply: z.object({ positionList: z.array(coClosedPositionItem) }),
});
