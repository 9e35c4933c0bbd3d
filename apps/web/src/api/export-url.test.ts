import { tradeExport } from '@opex/contract/calls/trade';
import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-url.ts';

describe('export addresses', () => {
  it('carry the filters that are set, under the call path', () => {
    const url = new URL(exportUrl(tradeExport, { symbol: 'btcusdt', startTime: 5, endTime: undefined, side: '' }));
    expect(url.pathname.endsWith('/fe-ex-api/trade/export')).toBe(true);
    expect([...url.searchParams]).toEqual([
      ['symbol', 'btcusdt'],
      ['startTime', '5'],
    ]);
  });
});
