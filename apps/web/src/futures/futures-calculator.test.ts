import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  bracketsOf,
  type CalculatorFields,
  calculatorResults,
  divide,
  type LadderTier,
  liquidationPrice,
  maxOpenable,
  targetPrice,
  tradePnl,
} from './futures-calculator.ts';
import { btcContract } from './testing/contract-fixture.ts';

const b = (v: string | number) => new Big(v);
/** The linear fixture: 0.001 BTC a contract, prices to 0.1, USDT to 4 decimals. */
const linear = btcContract();
/** An inverse contract: 100 USD a contract, margin and PnL in BTC. */
const inverse = btcContract({ contractSide: 2, multiplier: '100', marginCoin: 'BTC' });

const tier = (maxPositionValue: string, minMarginRate: string, maxLever: number): LadderTier => ({
  minPositionValue: '0',
  maxPositionValue,
  minMarginRate,
  maxLever,
  maintenanceAmount: '0',
});
/** Binance's first BTCUSDT tiers (docs/futures-formulas.md): cum 0, 50, 1,300. */
const usdtTiers = [
  tier('50000', '0.004', 125),
  tier('250000', '0.005', 100),
  tier('1000000', '0.01', 50),
  tier('10000000', '0.025', 20),
];

describe('divide: exact, rounded once in the named direction', () => {
  it('rounds a repeating quotient up or down, negative ones towards the named infinity', () => {
    expect(divide(b(1), b(3), 2, 'up').toFixed()).toBe('0.34');
    expect(divide(b(1), b(3), 2, 'down').toFixed()).toBe('0.33');
    expect(divide(b(-1), b(3), 2, 'down').toFixed()).toBe('-0.34');
    expect(divide(b(-1), b(3), 2, 'up').toFixed()).toBe('-0.33');
  });

  it('leaves an exact quotient alone', () => {
    expect(divide(b(1), b(4), 2, 'up').toFixed()).toBe('0.25');
    expect(divide(b(1), b(4), 2, 'down').toFixed()).toBe('0.25');
  });
});

describe('tradePnl', () => {
  it('linear: 100 contracts (0.1 BTC) long from 50,000 to 52,000 at 10x', () => {
    // margin 0.1 x 50,000 / 10 = 500; PnL 0.1 x 2,000 = 200; ROE 200 / 500 = 40%.
    const r = tradePnl(linear, { side: 'BUY', entry: b(50000), exit: b(52000), contracts: b(100), leverage: 10 }, 4);
    expect([r.margin.toFixed(4), r.pnl.toFixed(4), r.roe.toFixed(2)]).toEqual(['500.0000', '200.0000', '40.00']);
    const short = tradePnl(
      linear,
      { side: 'SELL', entry: b(50000), exit: b(52000), contracts: b(100), leverage: 10 },
      4,
    );
    expect([short.pnl.toFixed(4), short.roe.toFixed(2)]).toEqual(['-200.0000', '-40.00']);
  });

  it('linear: the margin rounds up, a loss and its ROE round down', () => {
    // margin 0.003 x 30,000.3 / 7 = 90.0009 / 7 = 12.85727142... -> 12.8573.
    // A short from 30,000.3 to 30,000.7: PnL -0.003 x 0.4 = -0.0012; ROE -0.4 x 7 x 100 / 30,000.3 = -0.00933% -> -0.01.
    const r = tradePnl(
      linear,
      { side: 'SELL', entry: b('30000.3'), exit: b('30000.7'), contracts: b(3), leverage: 7 },
      4,
    );
    expect([r.margin.toFixed(4), r.pnl.toFixed(4), r.roe.toFixed(2)]).toEqual(['12.8573', '-0.0012', '-0.01']);
  });

  it('inverse: 10 contracts (1,000 USD) long from 40,000 to 50,000 at 20x', () => {
    // margin 1,000 / (40,000 x 20) = 0.00125 BTC; PnL 1,000 x (1/40,000 - 1/50,000) = 0.005; ROE 0.005 / 0.00125 = 400%.
    const r = tradePnl(inverse, { side: 'BUY', entry: b(40000), exit: b(50000), contracts: b(10), leverage: 20 }, 8);
    expect([r.margin.toFixed(8), r.pnl.toFixed(8), r.roe.toFixed(2)]).toEqual(['0.00125000', '0.00500000', '400.00']);
  });

  it('inverse: a loss is never understated', () => {
    // PnL 100 x (29,000 - 30,000) / (30,000 x 29,000) = -0.000114942528... -> -0.00011495;
    // margin 100 / 90,000 = 0.0011111... -> 0.00111112; ROE -1,000 x 3 x 100 / 29,000 = -10.3448...% -> -10.35.
    const r = tradePnl(inverse, { side: 'BUY', entry: b(30000), exit: b(29000), contracts: b(1), leverage: 3 }, 8);
    expect([r.margin.toFixed(8), r.pnl.toFixed(8), r.roe.toFixed(2)]).toEqual(['0.00111112', '-0.00011495', '-10.35']);
  });
});

describe('targetPrice', () => {
  it('linear: 40% at 10x is a 4% move, up for a long and down for a short', () => {
    const at = (side: 'BUY' | 'SELL') =>
      targetPrice(linear, { side, entry: b(50000), roePercent: b(40), leverage: 10 }, 1)?.toFixed(1);
    expect([at('BUY'), at('SELL')]).toEqual(['52000.0', '48000.0']);
  });

  it('linear: rounded so the ROE is reached', () => {
    // 30,000.3 x (7 + 0.1) / 7 = 30,428.8757... -> 30,428.9; a short's 30,000.3 x 6.9 / 7 = 29,571.7242... -> 29,571.7.
    const at = (side: 'BUY' | 'SELL') =>
      targetPrice(linear, { side, entry: b('30000.3'), roePercent: b(10), leverage: 7 }, 1)?.toFixed(1);
    expect([at('BUY'), at('SELL')]).toEqual(['30428.9', '29571.7']);
  });

  it('is none where no positive price earns it: a linear short past 100% x leverage, an inverse long likewise', () => {
    expect(targetPrice(linear, { side: 'SELL', entry: b(50000), roePercent: b(1000), leverage: 10 }, 1)).toBeNull();
    expect(targetPrice(inverse, { side: 'BUY', entry: b(40000), roePercent: b(2000), leverage: 20 }, 1)).toBeNull();
  });

  it('inverse: 400% at 20x from 40,000 is 40,000 x 20 / 16 = 50,000', () => {
    expect(
      targetPrice(inverse, { side: 'BUY', entry: b(40000), roePercent: b(400), leverage: 20 }, 1)?.toFixed(1),
    ).toBe('50000.0');
  });
});

describe('brackets and the liquidation price', () => {
  it('works out cum exactly as Binance defines it: 0, 50, 1,300, 16,300', () => {
    expect(bracketsOf(usdtTiers).map((x) => x.cum.toFixed())).toEqual(['0', '50', '1300', '16300']);
  });

  it("matches the formulas doc's example: 1 BTC at 10,000 with 1,000 margin", () => {
    const lp = (side: 'BUY' | 'SELL') =>
      liquidationPrice(linear, usdtTiers, { side, entry: b(10000), contracts: b(1000), balance: b(1000) }, 1)?.toFixed(
        1,
      );
    // Long 9,000 / 0.996 = 9,036.1445... up; short 11,000 / 1.004 = 10,956.1752... down.
    expect([lp('BUY'), lp('SELL')]).toEqual(['9036.2', '10956.1']);
  });

  it("uses the bracket the liquidation price's notional falls in, not the entry's", () => {
    // 10 BTC long at 30,000 with 30,000: tier 1 gives 27,108 (notional 271,084, past its cap), tier 2 27,130
    // (271,306, past 250,000); tier 3 (0.01, cum 1,300): (30,000 + 1,300 - 300,000) / (10 x (0.01 - 1))
    // = 268,700 / 9.9 = 27,141.4141..., notional 271,414 inside (250,000, 1,000,000] -> 27,141.5.
    const lp = liquidationPrice(
      linear,
      usdtTiers,
      { side: 'BUY', entry: b(30000), contracts: b(10000), balance: b(30000) },
      1,
    );
    expect(lp?.toFixed(1)).toBe('27141.5');
  });

  it('inverse: EP Q (mmr + s) / (EP B + s Q); none for a short whose margin covers any rise', () => {
    const tiers = [tier('100', '0.005', 100)];
    // 40,000 x 1,000 x 1.005 / (40,000 x 0.0025 + 1,000) = 40,200,000 / 1,100 = 36,545.4545... -> 36,545.5.
    const long = liquidationPrice(
      inverse,
      tiers,
      { side: 'BUY', entry: b(40000), contracts: b(10), balance: b('0.0025') },
      1,
    );
    expect(long?.toFixed(1)).toBe('36545.5');
    const short = liquidationPrice(
      inverse,
      tiers,
      { side: 'SELL', entry: b(40000), contracts: b(10), balance: b(1) },
      1,
    );
    expect(short).toBeNull();
  });

  it('is none without brackets, and for a long holding its whole value', () => {
    expect(liquidationPrice(linear, [], { side: 'BUY', entry: b(100), contracts: b(1), balance: b(1) }, 1)).toBeNull();
    // 0.1 BTC at 50,000 backed by 5,000: margin never falls to maintenance above 0.
    const full = liquidationPrice(
      linear,
      usdtTiers,
      { side: 'BUY', entry: b(50000), contracts: b(100), balance: b(5000) },
      1,
    );
    expect(full).toBeNull();
  });
});

describe('maxOpenable', () => {
  it('is the balance x leverage in contracts at the entry, within the bracket cap, less the taker fee', () => {
    // 1,000 x 10 = 10,000 USDT = 200 contracts of 50 USDT at 50,000.
    expect(maxOpenable(linear, { entry: b(50000), balance: '1000', leverage: 10 }, { '125': '50000' })?.toFixed()).toBe(
      '200',
    );
    // 100,000 x 10 is past the 50,000 cap: 50,000 / 50 = 1,000.
    expect(
      maxOpenable(linear, { entry: b(50000), balance: '100000', leverage: 10 }, { '125': '50000' })?.toFixed(),
    ).toBe('1000');
    // With a 0.05% taker fee: 1,000 / (0.1 + 0.0005) = 9,950.24... -> 199 contracts.
    const withFee = btcContract({ takerFee: '0.0005' });
    expect(maxOpenable(withFee, { entry: b(50000), balance: '1000', leverage: 10 }, {})?.toFixed()).toBe('199');
  });
});

describe('calculatorResults', () => {
  const fields = (patch: Partial<CalculatorFields> = {}): CalculatorFields => ({
    side: 'BUY',
    leverage: '10',
    entry: '50000',
    exit: '52000',
    quantity: '0.1',
    roe: '-20',
    balance: '1000',
    ...patch,
  });
  const ctx = {
    contract: linear,
    unit: 1 as const,
    tiers: usdtTiers,
    leverCeiling: { '125': '50000' },
    maxLeverage: 125,
  };

  it('reads a base-coin quantity in contracts and works out every tab at the contract decimals', () => {
    // 0.1 BTC = 100 contracts. PnL as above; a -20% ROE long at 10x: 50,000 x (10 - 0.2) / 10 = 49,000.
    // Liquidation of 0.1 BTC backed by 1,000: (1,000 - 5,000) / (0.1 x (0.004 - 1)) = 40,160.64... -> 40,160.7.
    expect(calculatorResults(fields(), ctx)).toEqual({
      leverageProblem: false,
      margin: '500.0000',
      pnl: '200.0000',
      roe: '40.00',
      target: '49000.0',
      liquidation: '40160.7',
      maxOpen: '200',
    });
  });

  it('holds back what needs a leverage out of range, and names it', () => {
    const r = calculatorResults(fields({ leverage: '126' }), ctx);
    expect(r.leverageProblem).toBe(true);
    expect([r.margin, r.target, r.maxOpen]).toEqual([undefined, undefined, undefined]);
    expect(r.liquidation).toBe('40160.7');
  });
});
