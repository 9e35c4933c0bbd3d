import { accountBalance, accountBalanceV5 } from '@opex/contract/calls/finance';
import {
  leverBorrowHistory,
  leverBorrowNew,
  leverFinanceBalance,
  leverFinanceSymbolBalance,
  leverFinanceTransferList,
  leverReturnInfo,
} from '@opex/contract/calls/lever';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateCall, useCallQuery } from './query.ts';

/**
 * The margin accounts' reads. What a borrow, repayment, transfer or margin order changes: the pairs' accounts, the
 * loans and their repayments, the transfers, and (a transfer) the exchange account's balances. The private channels'
 * pushes make the same reads stale (realtime/user-streams.ts), so the pages follow the server without a reload.
 */
export const marginReads = [
  leverFinanceSymbolBalance,
  leverFinanceBalance,
  leverBorrowNew,
  leverBorrowHistory,
  leverReturnInfo,
  leverFinanceTransferList,
] as const;

export function refreshMargin(client: QueryClient) {
  return Promise.all([...marginReads, accountBalance, accountBalanceV5].map((call) => invalidateCall(client, call)));
}

/** One pair's margin account (`symbol` BTCUSDT), read on mount and whenever it is made stale. */
export function useMarginPair(symbol: string, enabled = true) {
  return useCallQuery(leverFinanceSymbolBalance, { symbol }, { enabled: enabled && symbol !== '' });
}
