import { depositCoins, depositList, getChargeAddress } from '@opex/contract/calls/deposit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallQuery } from './query.ts';

/** Deposits (contract calls/deposit): coins and chains, the caller's address, the caller's deposits. */
export function useDepositCoins() {
  return useCallQuery(depositCoins, {});
}

/** The address is made on first request and kept; asked again only when the coin or chain changes (or on retry). */
export function useDepositAddress(input: { symbol: string; chain: string }, enabled: boolean) {
  return useQuery({
    ...callQueryOptions(getChargeAddress, input),
    enabled: enabled && input.symbol !== '' && input.chain !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Records refresh every few seconds while a deposit counts confirmations, and now and then to catch a new one. */
export const DEPOSIT_POLL_MS = 5_000;
export const DEPOSIT_IDLE_POLL_MS = 30_000;

export function useDepositRecords(filter: { symbol?: string; page: number; pageSize: number }) {
  return useQuery({
    ...callQueryOptions(depositList, filter, { polling: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.financeList.some((d) => ['pending', 'confirming', 'crediting'].includes(d.status))
        ? DEPOSIT_POLL_MS
        : DEPOSIT_IDLE_POLL_MS,
  });
}
