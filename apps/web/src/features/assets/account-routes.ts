import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';

/**
 * Which account type a page of the assets section shows, by its path (the spec's spellings). The margin pages are
 * not here: margin accounts are per pair (features/margin).
 */
const accountPages: Record<string, AccountTypeName> = {
  exchangeAccount: 'exchange',
  otcAccount: 'otc',
  coAccount: 'co',
  b2cAccount: 'b2c',
};

/** The history pages of each account; flowingWater shows every account. */
const historyPages: Record<string, AccountTypeName | 'all'> = {
  flowingWater: 'all',
  otcFlowingWater: 'otc',
  coFlowingWater: 'co',
  b2cFlowingWater: 'b2c',
};

const pageOf = (pathname: string) => /\/assets\/([^/?#]+)/.exec(pathname)?.[1] ?? '';

export function accountOfPath(pathname: string): AccountTypeName {
  return accountPages[pageOf(pathname)] ?? 'exchange';
}

export function historyAccountOfPath(pathname: string): AccountTypeName | 'all' {
  return historyPages[pageOf(pathname)] ?? 'all';
}

/** The history page of an account type (the exchange account's is flowingWater, which shows every account). */
export function historyPageOf(account: AccountTypeName): string {
  return Object.entries(historyPages).find(([, type]) => type === account)?.[0] ?? 'flowingWater';
}
