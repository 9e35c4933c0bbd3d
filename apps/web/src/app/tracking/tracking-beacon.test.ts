import { describe, expect, it } from 'vitest';
import { beaconUrl } from './tracking-beacon.ts';

const view = { page: '/trade/BTC_USDT', lang: 'en_US', time: 1_700_000_000_000 };

describe('tracking beacon', () => {
  it('carries the page view as JSON to the operator endpoint', () => {
    const url = beaconUrl('https://track.example.com/t.gif', 'exchange.example.com', view);
    expect(url).toBe(`https://track.example.com/t.gif?info=${encodeURIComponent(JSON.stringify(view))}`);
    expect(JSON.parse(new URL(url ?? '').searchParams.get('info') ?? '')).toEqual(view);
    expect(beaconUrl('https://track.example.com/t.gif?site=1', 'exchange.example.com', view)).toMatch(/\?site=1&info=/);
  });

  it('sends nothing without an endpoint, nor from localhost, dev or staging hosts', () => {
    expect(beaconUrl('', 'exchange.example.com', view)).toBeNull();
    expect(beaconUrl(undefined, 'exchange.example.com', view)).toBeNull();
    for (const host of ['localhost', 'dev.exchange.example.com', 'staging-exchange.example.com', 'exchange.dev']) {
      expect(beaconUrl('https://track.example.com/t.gif', host, view), host).toBeNull();
    }
  });
});
