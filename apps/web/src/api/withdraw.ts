import { accountBalanceV5 } from '@opex/contract/calls/finance';
import {
  addressList,
  addWithdrawAddr,
  cancelWithdraw,
  deleteWithdrawAddr,
  doWithdraw,
  getCost,
  validateWithdrawAddr,
  withdrawConfirm,
  withdrawList,
} from '@opex/contract/calls/withdraw';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callQueryOptions, invalidateCall, useCallMutation, useCallQuery } from './query.ts';

/** Withdrawals and the address book (contract calls/withdraw). */
export function useWithdrawCost(symbol: string) {
  return useCallQuery(getCost, { symbol }, { enabled: symbol !== '' });
}

export function useAddressBook(coinSymbol?: string) {
  return useCallQuery(addressList, coinSymbol ? { coinSymbol } : {});
}

/** The live address check; the previous answer stays while the next is asked. */
export function useAddressCheck(input: { coinSymbol: string; chain: string; address: string }) {
  return useQuery({
    ...callQueryOptions(validateWithdrawAddr, input),
    enabled: input.coinSymbol !== '' && input.chain !== '' && input.address !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Records refresh every few seconds while a withdrawal moves on without the trader (review, sending, on chain). */
export const WITHDRAW_POLL_MS = 5_000;
export const WITHDRAW_IDLE_POLL_MS = 60_000;
const movingStates: readonly string[] = ['unconfirmed', 'review', 'approved', 'sent'];

export function useWithdrawRecords(filter: { coinSymbol?: string; page: number; pageSize: number }) {
  return useQuery({
    ...callQueryOptions(withdrawList, filter, { polling: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((w) => movingStates.includes(w.state)) ? WITHDRAW_POLL_MS : WITHDRAW_IDLE_POLL_MS,
  });
}

export const useAddAddress = () => useCallMutation(addWithdrawAddr);
export const useDeleteAddress = () => useCallMutation(deleteWithdrawAddr);
export const useRequestWithdrawal = () => useCallMutation(doWithdraw);
export const useConfirmWithdrawal = () => useCallMutation(withdrawConfirm);
export const useCancelWithdrawal = () => useCallMutation(cancelWithdraw);

/** After a withdrawal changes, its records, the limits and the balances are read again. */
export function refreshAfterWithdrawal(client: QueryClient) {
  return Promise.all([withdrawList, getCost, accountBalanceV5].map((call) => invalidateCall(client, call)));
}

export function refreshAddressBook(client: QueryClient) {
  return invalidateCall(client, addressList);
}
