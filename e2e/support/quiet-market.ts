import { type APIRequestContext, expect } from '@playwright/test';
import { admin } from './admin.ts';

/** A web call as the logged-in browser context makes it (with its XSRF token), answered by its envelope. */
export async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; msg?: string; data: unknown };
}

/**
 * Adds a market of a test's own after the server started, so the demo market maker (which quotes the markets it
 * found at start) and other tests never trade in it; returns once the trading core knows it. `request`: a logged-in
 * context's.
 */
export async function addQuietMarket(
  request: APIRequestContext,
  base: string,
  quote: string,
  /** More `market add` options (a margin pair's `--lever 1 --multiple 3`). */
  extra: string[] = [],
): Promise<void> {
  await admin(
    ...['market', 'add', '--base', base, '--quote', quote, '--price-precision', '4'],
    ...['--volume-precision', '4', '--depth', '0.0001,0.001,0.01', '--limit-volume-min', '0.001'],
    ...['--limit-price-min', '0.0001', '--market-buy-min', '0.001', '--market-sell-min', '0.0001'],
    ...['--maker-fee', '0.001', '--taker-fee', '0.002'],
    ...extra,
  );
  // The trading core reads new markets within seconds; until then the market is unknown (code 40001).
  const symbol = `${base}${quote}`.toLowerCase();
  await expect
    .poll(async () => (await postCall(request, 'order/cancel', { orderId: 1, symbol })).code, { timeout: 15_000 })
    .not.toBe('40001');
}
