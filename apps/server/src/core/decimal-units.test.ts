import { describe, expect, it } from 'vitest';
import { NOT_EXACT, NOT_UNITS, toUnits, unitsAt } from './decimal-units.ts';

describe('unitsAt / toUnits', () => {
  it('reads decimals into integer units exactly, trailing zeros beyond the unit included', () => {
    expect(toUnits('65000.12', 2)).toEqual({ ok: true, units: 6_500_012 });
    expect(toUnits('0.5', 6)).toEqual({ ok: true, units: 500_000 });
    expect(toUnits('7', 3)).toEqual({ ok: true, units: 7000 });
    expect(toUnits('1.2000', 2)).toEqual({ ok: true, units: 120 });
    expect(toUnits('0.', 2)).toEqual({ ok: true, units: 0 });
    expect(toUnits('.5', 1)).toEqual({ ok: true, units: 5 });
    expect(unitsAt('x,12.5,y', 2, 6, 1)).toBe(125);
  });

  it('refuses more decimals than the unit, values past the safe range or a maximum, and non-decimals', () => {
    expect(toUnits('1.001', 2)).toEqual({ ok: false, reason: 'precision' });
    expect(unitsAt('1.0010', 0, 6, 2)).toBe(NOT_EXACT);
    expect(toUnits('9007199254740992', 0)).toEqual({ ok: false, reason: 'range' });
    expect(toUnits('9007199254740991', 0)).toEqual({ ok: true, units: Number.MAX_SAFE_INTEGER });
    expect(toUnits('90071992547409.92', 3)).toEqual({ ok: false, reason: 'range' });
    expect(toUnits('101', 0, 100)).toEqual({ ok: false, reason: 'range' });
    for (const bad of ['', '.', '-1', '1e5', '1.2.3', ' 1']) expect(unitsAt(bad, 0, bad.length, 2)).toBe(NOT_UNITS);
  });
});
