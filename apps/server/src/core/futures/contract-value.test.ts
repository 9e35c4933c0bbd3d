import Big from 'big.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFill, type ContractTerms, FLAT, notional, type Position, pnl } from './contract-value.ts';
import { big, contracts, ONE, price, terms, units } from './testing/futures-arbitraries.ts';

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 20261127);
const BTCUSDT: ContractTerms = { kind: 'linear', multiplier: units('0.001') };
const BTCUSD: ContractTerms = { kind: 'inverse', multiplier: units('100') };

/**
 * The cash-flow reference: a trader's total PnL over any fills is what the fills paid and received plus what the
 * final position is worth. Linear: sum(-q x m x p) + Q x m x P; inverse (in base coin): sum(q x m / p) - Q x m / P
 * (divided at 60 decimals, far below the ledger's 18).
 */
function cashFlowPnl(t: ContractTerms, fills: { qty: bigint; price: bigint }[], finalQty: bigint, last: bigint): Big {
  const m = big(t.multiplier);
  const worth = (qty: bigint, at: bigint) =>
    t.kind === 'linear' ? m.times(qty.toString()).times(big(at)) : m.times(qty.toString()).div(big(at)).times(-1);
  return fills.reduce((sum, f) => sum.minus(worth(f.qty, f.price)), worth(finalQty, last));
}

describe('contract value, PnL and the average entry', () => {
  beforeAll(() => {
    Big.DP = 60;
  });

  it('values linear and inverse contracts and their PnL as the exchanges publish them', () => {
    // Binance USDT-M BTCUSDT: 1 contract = 0.001 BTC; 1,000 contracts at 10,000 are 10,000 USDT.
    expect(notional(BTCUSDT, 1000n, units('10000'))).toBe(units('10000'));
    // Long 1 BTC from 10,000 to 11,000: +1,000 USDT; short: -1,000.
    expect(pnl(BTCUSDT, 1000n, units('10000'), units('11000'))).toBe(units('1000'));
    expect(pnl(BTCUSDT, -1000n, units('10000'), units('11000'))).toBe(units('-1000'));
    // Binance COIN-M BTCUSD: 1 contract = 100 USD; 100 contracts at 10,000 are 1 BTC.
    expect(notional(BTCUSD, 100n, units('10000'))).toBe(units('1'));
    // Long 100 contracts from 10,000 to 11,000: 10,000 x (1/10,000 - 1/11,000) = 0.0909...09 BTC, rounded down;
    // the short loses 0.0909...1 (rounded down too: a loss is never understated).
    expect(pnl(BTCUSD, 100n, units('10000'), units('11000'))).toBe(90_909_090_909_090_909n);
    expect(pnl(BTCUSD, -100n, units('10000'), units('11000'))).toBe(-90_909_090_909_090_910n);
    // Value at 30,000 of 1 contract: 100 / 30,000 = 0.00333... BTC, rounded up.
    expect(notional(BTCUSD, 1n, units('30000'))).toBe(3_333_333_333_333_334n);
  });

  it('averages a growing position by value (linear) or harmonically (inverse), keeps it on a shrink, flips at the fill price', () => {
    // Linear: 1,000 at 10,000 then 3,000 at 12,000: (10,000 + 36,000) / 4 = 11,500.
    const linear = applyFill(BTCUSDT, { qty: 1000n, entry: units('10000') }, 3000n, units('12000'));
    expect(linear.position).toEqual({ qty: 4000n, entry: units('11500') });
    // Inverse: 100 at 10,000 then 100 at 12,000: 200 / (100/10,000 + 100/12,000) = 10,909.0909...; a long rounds up.
    const inverse = applyFill(BTCUSD, { qty: 100n, entry: units('10000') }, 100n, units('12000'));
    expect(inverse.position).toEqual({ qty: 200n, entry: 10_909_090_909_090_909_090_910n });
    // The same for a short rounds down.
    expect(applyFill(BTCUSD, { qty: -100n, entry: units('10000') }, -100n, units('12000')).position.entry).toBe(
      10_909_090_909_090_909_090_909n,
    );
    // Shrink: sell 1,000 of the 4,000 at 12,500: entry stays, 1 BTC x 1,000 realized.
    const shrunk = applyFill(BTCUSDT, linear.position, -1000n, units('12500'));
    expect(shrunk).toEqual({
      position: { qty: 3000n, entry: units('11500') },
      closedQty: 1000n,
      realizedPnl: units('1000'),
    });
    // Flip: sell 5,000 at 11,000: 3,000 close (-1,500 USDT), 2,000 open short at 11,000.
    const flipped = applyFill(BTCUSDT, shrunk.position, -5000n, units('11000'));
    expect(flipped).toEqual({
      position: { qty: -2000n, entry: units('11000') },
      closedQty: 3000n,
      realizedPnl: units('-1500'),
    });
    // Close to flat.
    expect(applyFill(BTCUSDT, flipped.position, 2000n, units('10000'))).toEqual({
      position: FLAT,
      closedQty: 2000n,
      realizedPnl: units('2000'),
    });
  });

  it('realizes and leaves unrealized no more than the cash-flow PnL of any fills, and at most the roundings less', () => {
    const fill = fc.record({
      qty: fc.oneof(
        contracts,
        contracts.map((q) => -q),
      ),
      price,
    });
    fc.assert(
      fc.property(terms, fc.array(fill, { minLength: 1, maxLength: 8 }), price, (t, fills, last) => {
        let position: Position = FLAT;
        let realized = 0n;
        // Each rounding is below one ledger unit of PnL, or of the entry price times the contracts' size.
        let slack = 0n;
        for (const f of fills) {
          const before = position;
          const result = applyFill(t, position, f.qty, f.price);
          position = result.position;
          realized += result.realizedPnl;
          expect(position.qty).toBe(before.qty + f.qty);
          if (before.qty !== 0n && before.qty > 0n === f.qty > 0n) {
            // A grown position's entry is the exact average rounded against the holder, by less than one unit.
            const [q1, q2, q] = [abs(before.qty), abs(f.qty), abs(position.qty)];
            const exact =
              t.kind === 'linear'
                ? big(q1 * before.entry + q2 * f.price).div(q.toString())
                : new Big(q.toString()).div(
                    new Big(q1.toString()).div(big(before.entry)).plus(new Big(q2.toString()).div(big(f.price))),
                  );
            const off = big(position.entry)
              .minus(exact)
              .times(position.qty > 0n ? 1 : -1);
            expect(off.gte(-1e-30) && off.lt(1e-18)).toBe(true);
          }
          slack += 1n + (result.closedQty > 0n ? 1n : 0n);
          if (result.closedQty === 0n && before.qty !== 0n) {
            // The entry's rounding moves the PnL by the size x one unit of the price (linear) or of 1/price.
            const size = abs(position.qty) * t.multiplier;
            slack += 2n * (t.kind === 'linear' ? size / ONE : (size * ONE) / position.entry / position.entry) + 2n;
          }
        }
        const total = realized + pnl(t, position.qty, position.entry, last);
        const reference = cashFlowPnl(t, fills, position.qty, last);
        const under = reference.minus(big(total));
        expect(under.gte(-1e-30)).toBe(true);
        expect(under.lte(big(slack))).toBe(true);
      }),
      { numRuns: 3000, seed: SEED },
    );
  });
});

const abs = (v: bigint) => (v < 0n ? -v : v);
