import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map.ts';
import { ID, NUMS, OrderStore } from './order-store.ts';
import { mulberry32 } from './testing/mulberry32.ts';

describe('IdMap', () => {
  it('agrees with a Map through growth and heavy deletion, for ids up to 2^53', () => {
    const store = new OrderStore(4);
    const ids = new IdMap(store, 4);
    const model = new Map<number, number>();
    const next = mulberry32(1);
    // Plain comparisons in the loop (expect() per step is slow); the first disagreement is what is asserted.
    let firstBad = '';
    const agree = (what: string, got: number, want: number): void => {
      if (got !== want && firstBad === '') firstBad = `${what}: got ${got}, want ${want}`;
    };
    for (let i = 0; i < 50_000; i++) {
      const key = next() % 3 === 0 ? next() * 2 ** 21 + (next() % 2 ** 21) : next() % 5000;
      const slot = ids.get(key);
      const known = model.get(key);
      if (known !== undefined) {
        agree(`get ${key} at ${i}`, slot, known);
        // Both ways to delete: right after the get that found the key, and by slot.
        if (i % 2 === 0) ids.delete(key, slot, true);
        else ids.delete(key, slot);
        store.release(slot);
        model.delete(key);
      } else {
        agree(`absent ${key} at ${i}`, slot, -1);
        const fresh = store.alloc();
        store.nums[fresh * NUMS + ID] = key;
        if (i % 2 === 0) ids.setAfterGet(fresh);
        else ids.set(key, fresh);
        model.set(key, fresh);
      }
      agree(`after ${i}`, ids.get(key), model.get(key) ?? -1);
    }
    for (const [key, value] of model) agree(`final ${key}`, ids.get(key), value);
    expect(firstBad).toBe('');
    expect(ids.size).toBe(model.size);
  }, 30_000);
});
