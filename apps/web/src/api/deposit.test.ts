import type { DepositRecord } from '@opex/contract/calls/deposit';
import { depositList } from '@opex/contract/calls/deposit';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mergeDeposits } from '../realtime/channel-values.ts';
import { mergeDepositUpdates, withDeposit } from './deposit.ts';
import { callKey } from './query.ts';

const deposit = (id: number, patch: Partial<DepositRecord> = {}): DepositRecord => ({
  id,
  symbol: 'BTC',
  chain: 'BTC',
  txid: `tx${id}`,
  outputIndex: 0,
  address: 'bcrt1q',
  memo: '',
  amount: '0.5',
  creditedAmount: '0',
  confirmations: 0,
  requiredConfirmations: 2,
  status: 'pending',
  createdAt: id,
  creditedAt: null,
  ...patch,
});

describe('pushed deposits in the deposit list', () => {
  const firstPage = { page: 1, pageSize: 2 };

  it('replaces a listed deposit in place, and puts a new one first on the first page, counted', () => {
    const page = { count: 3, financeList: [deposit(3), deposit(2)] };
    const confirmed = deposit(2, { confirmations: 1, status: 'confirming' });
    expect(withDeposit(page, firstPage, confirmed)).toEqual({ count: 3, financeList: [deposit(3), confirmed] });
    expect(withDeposit(page, firstPage, deposit(4))).toEqual({ count: 4, financeList: [deposit(4), deposit(3)] });
    // A later page only counts it; another coin's list and an older deposit not listed are left alone.
    expect(withDeposit(page, { page: 2, pageSize: 2 }, deposit(4)).financeList).toEqual(page.financeList);
    expect(withDeposit(page, { ...firstPage, symbol: 'ETH' }, deposit(4))).toBe(page);
    expect(withDeposit(page, firstPage, deposit(1))).toBe(page);
  });

  it('merges every pushed deposit into every cached page, and keeps the latest push of each deposit', () => {
    const client = new QueryClient();
    client.setQueryData(callKey(depositList, firstPage), { count: 1, financeList: [deposit(1)] });
    client.setQueryData(callKey(depositList, { ...firstPage, symbol: 'ETH' }), { count: 0, financeList: [] });
    // Two deposits within one frame: both kept, each at its latest push.
    const pushed = mergeDeposits(
      mergeDeposits(mergeDeposits(undefined, deposit(2)), deposit(1, { confirmations: 1 })),
      deposit(2, { confirmations: 1 }),
    );
    expect(pushed.map((d) => [d.id, d.confirmations])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    mergeDepositUpdates(client, pushed);
    expect(client.getQueryData(callKey(depositList, firstPage))).toEqual({
      count: 2,
      financeList: [deposit(2, { confirmations: 1 }), deposit(1, { confirmations: 1 })],
    });
    expect(client.getQueryData(callKey(depositList, { ...firstPage, symbol: 'ETH' }))).toEqual({
      count: 0,
      financeList: [],
    });
  });
});
