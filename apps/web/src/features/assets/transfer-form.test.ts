import { describe, expect, it } from 'vitest';
import { counterpart, offeredAccounts, transferProblem } from './transfer-form.ts';

describe('transfer form', () => {
  const base = { from: 'exchange', to: 'otc', amount: '1', available: '2' } as const;

  it('refuses what the server would refuse, exactly', () => {
    expect(transferProblem(base)).toBeNull();
    expect(transferProblem({ ...base, to: 'exchange' })).toBe('sameAccount');
    expect(transferProblem({ ...base, amount: '' })).toBe('amountRequired');
    expect(transferProblem({ ...base, amount: '0.000' })).toBe('amountRequired');
    expect(transferProblem({ ...base, amount: '2.0000000000000001' })).toBe('overAvailable');
    expect(transferProblem({ ...base, amount: '2' })).toBeNull();
    expect(transferProblem({ ...base, available: undefined })).toBeNull();
  });

  it('offers only the accounts of built products whose switch is on', () => {
    // No P2P or fiat account (not built), no futures account (contract/co_transfer moves it), whatever the switches.
    expect(offeredAccounts(() => false)).toEqual(['exchange']);
    // Margin is built, but its accounts are per pair: no pair-less 'leverage' account to transfer to.
    expect(offeredAccounts(() => true)).toEqual(['exchange']);
  });

  it('pairs an account with the exchange account, or the exchange account with the next one', () => {
    const offered = ['exchange', 'otc', 'co'] as const;
    expect(counterpart('otc', offered)).toBe('exchange');
    expect(counterpart('exchange', offered)).toBe('otc');
  });
});
