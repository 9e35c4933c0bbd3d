// @vitest-environment node
/** The spec's sizes live in tokens.css; components use these names, so the numbers are checked here once. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tokens = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

const token = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.trim();

describe('design tokens', () => {
  it('hold the table, select and button heights of shell.md §9', () => {
    expect(token('row-height')).toBe('50px');
    expect(token('header-row-height')).toBe('40px');
    expect(token('option-height')).toBe('40px');
    expect(token('option-height-double')).toBe('50px');
    expect(token('control-height')).toBe('40px');
    expect(token('control-height-m')).toBe('30px');
    expect(token('control-height-s')).toBe('24px');
  });

  it('define the skin colours, with buy and sell invertible', () => {
    for (const name of [
      'color-bg-0',
      'color-text-1',
      'color-line',
      'color-brand',
      'color-buy',
      'color-sell',
      'color-warning',
    ]) {
      expect(token(name), name).toBeDefined();
    }
    expect(tokens).toMatch(/\[data-color-mode="inverted"\][^}]*--color-buy: var\(--color-fall\)/);
  });
});
