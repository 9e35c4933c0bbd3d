// @vitest-environment node
import { accountBalanceV5 } from '@opex/contract/calls/finance';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { balancesWith, mergeBalanceUpdates } from './balance-updates.ts';
import { callKey } from './query.ts';

const coin = (coinName: string, normal: string, lock: string) => ({
  coinName,
  normal_balance: normal,
  lock_balance: lock,
  total_balance: '0',
  allBtcValuatin: '0.5',
  depositOpen: 1,
  withdrawOpen: 1,
  sort: 1,
  isFiat: 0,
  showPrecision: 8,
  overcharge_balance: '0',
  lock_position_balance: '0',
  lock_increment_amount: '0',
});
const page = () => ({
  totalBalance: '1',
  totalBalanceSymbol: 'BTC' as const,
  allCoinMap: { BTC: coin('BTC', '1', '0'), ETH: coin('ETH', '10', '0') },
});

describe('balancesWith', () => {
  it("takes a listed coin's pushed amounts, total exact, and keeps its valuation", () => {
    const next = balancesWith(page(), { account: 'exchange', coin: 'BTC', available: '0.9875', locked: '0.0125' });
    expect(next.allCoinMap.BTC).toMatchObject({
      normal_balance: '0.9875',
      lock_balance: '0.0125',
      total_balance: '1',
      allBtcValuatin: '0.5',
    });
  });
  it('leaves other accounts and unlisted coins alone', () => {
    const before = page();
    expect(balancesWith(before, { account: 'otc', coin: 'BTC', available: '5', locked: '0' })).toBe(before);
    expect(balancesWith(before, { account: 'exchange', coin: 'LTC', available: '5', locked: '0' })).toBe(before);
  });
});

describe('mergeBalanceUpdates', () => {
  it('merges into every cached answer without reading any again now', () => {
    const queryClient = new QueryClient();
    const key = callKey(accountBalanceV5, { coinSymbols: 'BTC,ETH' });
    queryClient.setQueryData(key, page());
    const reread = mergeBalanceUpdates(queryClient, [
      { account: 'exchange', coin: 'ETH', available: '9.75', locked: '0' },
      { account: 'exchange', coin: 'BTC', available: '1.0125', locked: '0' },
    ]);
    expect(reread).toEqual([]);
    const cached = queryClient.getQueryData<ReturnType<typeof page>>(key);
    expect([cached?.allCoinMap.ETH.normal_balance, cached?.allCoinMap.BTC.normal_balance]).toEqual(['9.75', '1.0125']);
  });
});
