/**
 * The futures socket's private pushes merged into the cached futures reads, in place: the positions push replaces the
 * positions of position/get_assets_list's answers, an account push its coin's account there and in
 * account/account_balance's. Both carry what the calls answer, so nothing is read again unless a read is under way
 * (its answer may predate the push) or the coin is not cached yet.
 */
import type { CallDef, CallReply } from '@opex/contract/call';
import { coAccountBalance } from '@opex/contract/calls/co-account';
import { coAssetsList } from '@opex/contract/calls/co-position';
import type { CoAccountUpdate, CoPositionsUpdate } from '@opex/contract/realtime';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { callKey } from './query.ts';

type AssetsPage = CallReply<typeof coAssetsList>;
type AccountsPage = CallReply<typeof coAccountBalance>;

/**
 * Sets each cached answer of `call` to what `change` makes of it, `incomplete` when the push could not all be merged
 * into it. Answers the keys to read again: those, and those being read right now.
 */
function changeCached<T>(
  queryClient: QueryClient,
  call: CallDef,
  change: (page: T, key: QueryKey) => { next: T; incomplete?: boolean },
): QueryKey[] {
  const reread: QueryKey[] = [];
  for (const [key, page] of queryClient.getQueriesData<T>({ queryKey: callKey(call) })) {
    if (!page) continue;
    const { next, incomplete } = change(page, key);
    if (next !== page) queryClient.setQueryData(key, next);
    if (incomplete || queryClient.getQueryState(key)?.fetchStatus === 'fetching') reread.push(key);
  }
  return reread;
}

type Params = { onlyAccount?: unknown; simulated?: unknown } | undefined;
/** get_assets_list asked with `onlyAccount` lists no positions. */
const accountsOnly = (key: QueryKey) => String((key[1] as Params)?.onlyAccount) === '1';
/** Whether a cached answer is of the account a push is of: the simulated one, asked with `simulated: 1`, or the real. */
const sameAccount = (key: QueryKey, pushed: { simulated?: 1 }) =>
  (String((key[1] as Params)?.simulated) === '1') === (pushed.simulated === 1);

export function mergePositionsUpdate(queryClient: QueryClient, update: CoPositionsUpdate): QueryKey[] {
  return changeCached<AssetsPage>(queryClient, coAssetsList, (page, key) => ({
    next: accountsOnly(key) || !sameAccount(key, update) ? page : { ...page, positionList: update.positionList },
  }));
}

/** Each account in place of its coin's (oldest push first); a coin not cached yet is read again. */
export function mergeAccountUpdates(queryClient: QueryClient, updates: readonly CoAccountUpdate[]): QueryKey[] {
  const put = (list: CoAccountUpdate[], pushed: readonly CoAccountUpdate[]) => {
    const next = list.map((a) => {
      const update = pushed.findLast((u) => u.symbol === a.symbol);
      if (!update) return a;
      const { simulated: _, ...item } = update;
      return item;
    });
    return { next, incomplete: pushed.some((u) => !list.some((a) => a.symbol === u.symbol)) };
  };
  return [
    ...changeCached<AssetsPage>(queryClient, coAssetsList, (page, key) => {
      const { next, incomplete } = put(
        page.accountList,
        updates.filter((u) => sameAccount(key, u)),
      );
      return { next: { ...page, accountList: next }, incomplete };
    }),
    // account_balance asked for one margin coin holds that coin's account only.
    ...changeCached<AccountsPage>(queryClient, coAccountBalance, (page, key) => {
      const coin = (key[1] as { marginCoin?: string } | undefined)?.marginCoin;
      const pushed = updates.filter((u) => sameAccount(key, u) && (coin === undefined || u.symbol === coin));
      const { next, incomplete } = put(page.accounts, pushed);
      return { next: { ...page, accounts: next }, incomplete };
    }),
  ];
}
