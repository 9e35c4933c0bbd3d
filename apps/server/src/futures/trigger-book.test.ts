import { describe, expect, it } from 'vitest';
import { type ArmedTrigger, followTrailing, TriggerBook, trailingStop } from './trigger-book.ts';

const E18 = 10n ** 18n;
const p = (n: number) => BigInt(n) * E18;

const trigger = (id: number, direction: 1 | 2, price: number, extra: Partial<ArmedTrigger> = {}): ArmedTrigger => ({
  id,
  userId: 1,
  symbol: 'e-btc-usdt',
  side: direction === 1 ? 'BUY' : 'SELL',
  priceKind: 1,
  direction,
  triggerPrice: p(price),
  trailing: null,
  expireAt: 1000 + id,
  closes: null,
  ...extra,
});

describe('trigger book', () => {
  it('takes only the triggers a move crossed, from the fronts of the sorted books', () => {
    const book = new TriggerBook();
    for (const t of [
      trigger(1, 1, 21000),
      trigger(2, 1, 20500),
      trigger(3, 1, 22000),
      trigger(4, 2, 19000),
      trigger(5, 2, 19500),
      trigger(6, 2, 18000),
    ])
      book.add(t);
    // Prices between 19600 and 20400 cross nothing.
    expect(book.takeCrossed('e-btc-usdt', 1, p(20400), p(19600))).toEqual([]);
    // A swing from 19500 to 21000 reaches both rises below 21000 (inclusive) and the fall at 19500.
    const crossed = book.takeCrossed('e-btc-usdt', 1, p(21000), p(19500)).map((t) => t.id);
    expect(crossed).toEqual([2, 1, 5]);
    // Other contracts and the mark price's books are not touched.
    expect(book.takeCrossed('e-eth-usdt', 1, p(99999), p(1))).toEqual([]);
    expect(book.takeCrossed('e-btc-usdt', 2, p(99999), p(1))).toEqual([]);
    expect(book.size).toBe(3);
    expect(book.remove(3)?.id).toBe(3);
    expect(book.takeCrossed('e-btc-usdt', 1, p(99999), p(18500)).map((t) => t.id)).toEqual([4]);
    expect(book.takeExpired(1006).map((t) => t.id)).toEqual([6]);
    expect(book.size).toBe(0);
  });

  it("follows a sell trailing stop from its activation and fires on the callback's retrace (worked by hand)", () => {
    // Callback 2%, activation 21000: it follows the highest price from 21000 on and fires at 98% of it.
    const t = { callbackRate: E18 / 50n, activation: p(21000), extreme: null };
    expect(followTrailing(t, 2, p(20500))).toEqual({ fired: false, moved: false });
    expect(followTrailing(t, 2, p(21000))).toEqual({ fired: false, moved: true });
    expect(followTrailing(t, 2, p(21500))).toEqual({ fired: false, moved: true });
    // 21500 x 0.98 = 21070.
    expect(trailingStop(t, 2)).toBe(p(21070));
    expect(followTrailing(t, 2, p(21071))).toEqual({ fired: false, moved: false });
    expect(followTrailing(t, 2, p(21070))).toEqual({ fired: true, moved: false });
  });

  it('follows a buy trailing stop from the lowest price and fires on a rise; the book fires it once', () => {
    const book = new TriggerBook();
    // Callback 1%, following at once from 20000.
    book.add(trigger(7, 1, 0, { trailing: { callbackRate: E18 / 100n, activation: null, extreme: p(20000) } }));
    // 19000 is the low: 19000 x 1.01 = 19190.
    const first = book.follow('e-btc-usdt', 1, [p(19500), p(19000), p(19189)]);
    expect(first.fired).toEqual([]);
    expect(first.moved.map((t) => t.id)).toEqual([7]);
    const second = book.follow('e-btc-usdt', 1, [p(19190), p(25000)]);
    expect(second.fired.map((t) => t.id)).toEqual([7]);
    expect(book.size).toBe(0);
  });
});
