import type { Contract } from '../contracts.ts';

/** A linear perpetual as the co host lists it: 0.001 BTC a contract, prices at 1 decimal, 5% price range. */
export function btcContract(patch: Partial<Contract> = {}): Contract {
  return {
    id: 7,
    contractName: 'E-BTC-USDT',
    symbol: 'BTC-USDT',
    contractType: 'E',
    coType: 'E',
    contractSide: 1,
    deliveryKind: 0,
    base: 'BTC',
    quote: 'USDT',
    marginCoin: 'USDT',
    multiplier: '0.001',
    multiplierCoin: 'BTC',
    marginRate: 1,
    sort: 1,
    capitalStartTime: 0,
    capitalFrequency: 8,
    // No fee by default: the form's other rules read plainly; the fee's own test sets one.
    makerFee: '0',
    takerFee: '0',
    coinResultVo: {
      symbolPricePrecision: 1,
      marginCoinPrecision: 4,
      fundsInStatus: 1,
      fundsOutStatus: 1,
      priceRange: '0.05',
      maxMarketMoney: '1000000',
      minOrderMoney: '5',
      maxLimitVolume: '100000',
      minOrderVolume: '1',
      depth: ['1', '0'],
    },
    ...patch,
  };
}
