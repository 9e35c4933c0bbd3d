import { describe, expect, it } from 'vitest';
import { readCoUnit, writeCoUnit } from './co-unit-store.ts';

describe('co unit store', () => {
  it('defaults to contracts and keeps the chosen unit', () => {
    localStorage.clear();
    expect(readCoUnit(localStorage)).toBe(2);
    writeCoUnit(localStorage, 1);
    expect(readCoUnit(localStorage)).toBe(1);
  });
});
