import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineRules } from './market-rules.ts';
import { runDifferential } from './testing/differential-run.ts';

/**
 * The fast book against the reference book over seeded random command streams: identical events and L2 at every
 * merge step after each command, plus the invariants, order accounting, snapshot/restore and replay of
 * runDifferential. 52 streams × 2,000 commands = 104,000 commands a run.
 */
const COMMANDS_PER_STREAM = 2_000;

const rulesArb = fc.record({
  priceStep: fc.constantFrom(1, 1, 2),
  qtyStep: fc.constantFrom(1, 1, 3),
  minQty: fc.constantFrom(1, 3),
  minNotional: fc.constantFrom(0, 2_000),
  bandBps: fc.constantFrom(0, 50, 300),
  depthLevels: fc.constantFrom(5, 150),
});

const streamArb = fc.record({
  spread: fc.constantFrom(5, 20, 200),
  owners: fc.constantFrom(1, 3, 50),
  maxQty: fc.constantFrom(3, 20, 100),
});

describe('fast book against the reference book', () => {
  it('agrees on every event, L2 and L3, and keeps every invariant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), rulesArb, streamArb, (seed, rules, stream) => {
        const result = runDifferential({
          seed,
          commands: COMMANDS_PER_STREAM,
          rules: defineRules({ ...rules, depthSteps: [1, 7, 50] }),
          stream,
          restoreEvery: 700,
        });
        expect(result.events).toBeGreaterThan(COMMANDS_PER_STREAM);
      }),
      { numRuns: 52 },
    );
  }, 120_000);
});
