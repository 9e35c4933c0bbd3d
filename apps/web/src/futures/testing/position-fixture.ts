import type { CoPosition } from '../../api/futures.ts';

/** A one-way cross long of 10 contracts of the BTC fixture, entered at 50,000, marked at 51,000. */
export function btcPosition(patch: Partial<CoPosition> = {}): CoPosition {
  return {
    id: '31',
    contractId: 7,
    contractName: 'E-BTC-USDT',
    symbol: 'BTC-USDT',
    orderSide: 'BUY',
    positionSide: 'both',
    leverageLevel: 10,
    positionType: 1,
    positionVolume: '10',
    canCloseVolume: '10',
    openAvgPrice: '50000',
    indexPrice: '51000',
    indexPriceReal: '51000',
    reducePrice: '45226.2',
    bankruptcyPrice: '45000',
    holdAmount: '50',
    marginRate: '0.01',
    returnRate: '0.2',
    openRealizedAmount: '10',
    unRealizedAmount: '10',
    realizedAmount: '0',
    canUseAmount: '1000',
    canSubMarginAmount: '0',
    keepRate: '0.004',
    maxFeeRate: '0',
    tradeFee: '0',
    capitalFee: '0',
    positionBalance: '510',
    adlRank: 1,
    ctime: 0,
    mtime: 0,
    ...patch,
  };
}
