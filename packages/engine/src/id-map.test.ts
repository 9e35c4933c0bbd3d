import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map.ts';
import { mulberry32 } from './testing/mulberry32.ts';

describe('IdMap', () => {
  it('agrees with a Map through growth and heavy deletion, for ids up to 2^53', () => {
    const ids = new IdMap(4);
    const model = new Map<number, number>();
    const next = mulberry32(1);
    for (let i = 0; i < 50_000; i++) {
      const key = next() % 3 === 0 ? next() * 2 ** 21 + (next() % 2 ** 21) : next() % 5000;
      if (model.has(key)) {
        expect(ids.get(key)).toBe(model.get(key));
        ids.delete(key);
        model.delete(key);
      } else {
        ids.set(key, i);
        model.set(key, i);
      }
      expect(ids.get(key)).toBe(model.get(key) ?? -1);
    }
    expect(ids.size).toBe(model.size);
    for (const [key, value] of model) expect(ids.get(key)).toBe(value);
  });
});
