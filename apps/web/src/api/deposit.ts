import type { CallReply, CallRequest } from '@opex/contract/call';
import { type DepositRecord, depositCoins, depositList, getChargeAddress } from '@opex/contract/calls/deposit';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { callKey, callQueryOptions, useCallQuery } from './query.ts';

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

type DepositFilter = CallRequest<typeof depositList>;
type DepositPage = CallReply<typeof depositList>;

/** The caller's deposits, kept live by the pushes of the private deposit channel (mergeDepositUpdates), not polled. */
export function useDepositRecords(filter: DepositFilter) {
  return useQuery({
    ...callQueryOptions(depositList, filter),
    placeholderData: keepPreviousData,
  });
}

/**
 * A pushed deposit in one cached page of the list: its row replaced where listed; a deposit newer than every listed
 * one (a new deposit) counted, and put first on the first page of its coin or of all coins.
 */
export function withDeposit(page: DepositPage, filter: DepositFilter, deposit: DepositRecord): DepositPage {
  const at = page.financeList.findIndex((row) => row.id === deposit.id);
  if (at >= 0) return { ...page, financeList: page.financeList.map((row, i) => (i === at ? deposit : row)) };
  if (filter.symbol && filter.symbol !== deposit.symbol) return page;
  if (page.financeList.some((row) => row.id > deposit.id)) return page;
  const financeList =
    Number(filter.page) === 1 ? [deposit, ...page.financeList].slice(0, Number(filter.pageSize)) : page.financeList;
  return { count: page.count + 1, financeList };
}

/** Merges pushed deposits into every cached page of the deposit list, in place (no refetch). */
export function mergeDepositUpdates(queryClient: QueryClient, deposits: readonly DepositRecord[]): void {
  for (const [key, page] of queryClient.getQueriesData<DepositPage>({ queryKey: callKey(depositList) })) {
    const filter = key[1] as DepositFilter | undefined;
    if (!page || !filter) continue;
    // Oldest first, so a page that gains several new deposits lists them newest first.
    const next = [...deposits].reverse().reduce((current, deposit) => withDeposit(current, filter, deposit), page);
    if (next !== page) queryClient.setQueryData(key, next);
  }
}
