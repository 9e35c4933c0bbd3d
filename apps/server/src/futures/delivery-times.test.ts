import { describe, expect, it } from 'vitest';
import { nextDeliveryTime, successorDeliveryTime } from './delivery-times.ts';

const utc = (y: number, m: number, d: number, h = 8) => Date.UTC(y, m - 1, d, h);

describe('dated contracts roll to the next delivery time', () => {
  // Friday 2026-03-27 08:00 UTC, the last Friday of March 2026.
  const t = utc(2026, 3, 27);

  it('W: the next Friday; N: the Friday after it', () => {
    expect(nextDeliveryTime('W', t)).toBe(utc(2026, 4, 3));
    expect(nextDeliveryTime('N', t)).toBe(utc(2026, 4, 10));
    // From a Wednesday, the same week's Friday; from a Friday after 08:00, the next one.
    expect(nextDeliveryTime('W', utc(2026, 4, 1, 12))).toBe(utc(2026, 4, 3));
    expect(nextDeliveryTime('W', utc(2026, 4, 3, 9))).toBe(utc(2026, 4, 10));
  });

  it('M: the last Friday of the next month; Q: of the next quarter month', () => {
    // April 2026 ends on Thursday the 30th: its last Friday is the 24th.
    expect(nextDeliveryTime('M', t)).toBe(utc(2026, 4, 24));
    // June 2026 ends on Tuesday the 30th: the 26th.
    expect(nextDeliveryTime('Q', t)).toBe(utc(2026, 6, 26));
    // From December, March of the next year (2027-03-31 is a Wednesday: the 26th).
    expect(nextDeliveryTime('Q', utc(2026, 12, 25))).toBe(utc(2027, 3, 26));
    expect(nextDeliveryTime('M', utc(2026, 12, 25))).toBe(utc(2027, 1, 29));
  });

  it('a late roll lists the first delivery still ahead', () => {
    expect(successorDeliveryTime('W', t, utc(2026, 4, 10))).toBe(utc(2026, 4, 17));
    expect(successorDeliveryTime('W', t, utc(2026, 3, 27, 9))).toBe(utc(2026, 4, 3));
  });
});
