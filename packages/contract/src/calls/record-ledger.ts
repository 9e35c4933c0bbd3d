import { z } from 'zod';
import { defineCall } from '../call.ts';
import { accountTypeField, accountTypes } from './finance-transfer.ts';
import { pageField, pageSizeField, timeFilterField } from './paging.ts';

/**
 * The user's ledger history (the flowingWater page): every change of the user's balances with its cause, newest
 * first. Moves between a balance's available and locked parts (an order reserving funds) are not history: they
 * change nothing the user owns.
 */

/** The causes a history row can have (the original's `transactionScene`), in the order the filter lists them. */
export const ledgerScenes = [
  'deposit',
  'withdrawal',
  'transfer',
  'trade',
  'fee',
  'operator_credit',
  'interest',
  'funding',
  'reward',
  'liquidation',
] as const;
export type LedgerScene = (typeof ledgerScenes)[number];

const ledgerFilter = z.object({
  /** One coin; absent or empty means every coin. */
  coinSymbol: z
    .string()
    .trim()
    .max(20)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{0,20}$/, 'a coin symbol such as BTC'))
    .optional(),
  /** One cause; absent or empty means every cause. */
  transactionScene: z.union([z.enum(ledgerScenes), z.literal('')]).optional(),
  /** One account type; absent means every account type. */
  accountType: accountTypeField.optional(),
  /** Epoch milliseconds, inclusive. */
  startTime: timeFilterField.optional(),
  endTime: timeFilterField.optional(),
});

export const ledgerRow = z.object({
  id: z.number(),
  coinSymbol: z.string(),
  accountType: z.enum(accountTypes),
  transactionScene: z.enum(ledgerScenes),
  /** Signed: what the balance gained (positive) or lost (negative). */
  amount: z.string(),
  /** The available or locked part after this change. */
  balanceAfter: z.string(),
  field: z.enum(['available', 'locked']),
  /** What caused it, e.g. `trade:12`, `transfer:<uuid>`. */
  causeId: z.string(),
  createdAtTime: z.number(),
  /** Ledger rows are final: always 1 (completed). */
  status: z.literal(1),
  status_text: z.string(),
});

export const recordOtherTransferList = defineCall({
  name: 'record/other_transfer_list',
  access: 'login',
  request: ledgerFilter.extend({ page: pageField, pageSize: pageSizeField }),
  reply: z.object({ count: z.number(), financeList: z.array(ledgerRow) }),
});

/** The causes to filter by, with English names (the web app names them in the reader's language). */
export const recordOtherTransferScene = defineCall({
  name: 'record/other_transfer_scene',
  access: 'login',
  request: z.object({}),
  reply: z.object({ cenceList: z.array(z.object({ key: z.enum(ledgerScenes), key_text: z.string() })) }),
});

/**
 * A CSV download of the history under the same filters (at most 100,000 rows, newest first). Not an envelope: the
 * body is the CSV (text/csv, Content-Disposition attachment); refusals (no session, bad input) answer the envelope.
 */
export const recordOtherTransferExport = defineCall({
  name: 'record/other_transfer_export',
  method: 'GET',
  access: 'login',
  request: ledgerFilter,
  reply: z.string(),
});
