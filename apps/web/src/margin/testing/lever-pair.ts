import type { LeverPair } from '@opex/contract/calls/lever';

/** A BTC/USDT margin account as lever/finance/symbol/balance answers, for tests; `overrides` changes fields. */
export function leverPairFixture(overrides: Partial<Record<string, string | number>> = {}): LeverPair {
  const side = (p: 'base' | 'quote', precision: number) => ({
    [`${p}TotalBalance`]: '0',
    [`${p}NormalBalance`]: '0',
    [`${p}LockBalance`]: '0',
    [`${p}BorrowBalance`]: '0',
    [`${p}Interest`]: '0',
    [`${p}TotalBorrow`]: '0',
    [`${p}CanBorrow`]: '0',
    [`${p}MinBorrow`]: '0',
    [`${p}ReturnPrecision`]: precision,
    [`${p}CanTransfer`]: '0',
    [`${p}InterestRate`]: '0.0002',
  });
  return {
    name: 'BTC/USDT',
    symbol: 'BTCUSDT',
    baseCoin: 'BTC',
    quoteCoin: 'USDT',
    baseExNormalBalance: '0',
    quoteExNormalBalance: '0',
    quoteEXNormalBalance: '0',
    indexPrice: '',
    riskRate: '',
    burstPrice: '',
    multiple: 3,
    warnRate: '130',
    transferRate: '150',
    liquidationRate: '110',
    netAssets: '0',
    ...side('base', 8),
    ...side('quote', 6),
    ...overrides,
  } as LeverPair;
}
