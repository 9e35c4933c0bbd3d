import { describe, expect, it } from 'vitest';
import { accountOfPath, historyAccountOfPath, historyPageOf } from './account-routes.ts';

describe('assets pages by path', () => {
  it('show the account type their path names', () => {
    expect(accountOfPath('/assets/otcAccount')).toBe('otc');
    expect(accountOfPath('/ex/assets/coAccount')).toBe('co');
    expect(accountOfPath('/assets/b2cAccount?x=1')).toBe('b2c');
    expect(accountOfPath('/assets/unknown')).toBe('exchange');
  });

  it('open each account history on its own account, flowingWater on all', () => {
    expect(historyAccountOfPath('/assets/flowingWater')).toBe('all');
    expect(historyAccountOfPath('/assets/coFlowingWater')).toBe('co');
  });

  it('link each account to its own history page', () => {
    expect(historyPageOf('exchange')).toBe('flowingWater');
    expect(historyPageOf('otc')).toBe('otcFlowingWater');
    expect(historyPageOf('b2c')).toBe('b2cFlowingWater');
  });
});
