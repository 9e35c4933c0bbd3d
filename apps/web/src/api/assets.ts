import type { CallRequest } from '@opex/contract/call';
import { accountBalanceV5 } from '@opex/contract/calls/finance';
import {
  type AccountTypeName,
  financeAccountTypeBalance,
  financeOtcTransfer,
} from '@opex/contract/calls/finance-transfer';
import { recordOtherTransferList } from '@opex/contract/calls/record-ledger';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callQueryOptions, invalidateCall, useCallMutation, useCallQuery } from './query.ts';

/** The balances of one of the user's account types. */
export function useAccountBalance(accountType: AccountTypeName, options: { enabled?: boolean } = {}) {
  return useCallQuery(financeAccountTypeBalance, { accountType }, options);
}

/** A page of the ledger history; the previous page stays on screen while the next loads. */
export function useLedgerHistory(filter: CallRequest<typeof recordOtherTransferList>) {
  return useQuery({ ...callQueryOptions(recordOtherTransferList, filter), placeholderData: keepPreviousData });
}

export function useTransfer() {
  return useCallMutation(financeOtcTransfer);
}

/** After a transfer every balance and the history are read again. */
export function refreshAfterTransfer(client: QueryClient) {
  return Promise.all(
    [financeAccountTypeBalance, accountBalanceV5, recordOtherTransferList].map((call) => invalidateCall(client, call)),
  );
}
