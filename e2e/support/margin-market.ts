import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { admin } from './admin.ts';
import { ALICE, BOB } from './pages.ts';
import { addQuietMarket, postCall } from './quiet-market.ts';

/**
 * A margin pair of a test's own: a new coin `base` (credited to Alice and Bob) quoted in USDT, open for margin at 3x
 * (the default lines: warning 130%, transfer 200%, liquidation 110%; the global setup switches margin on). Nothing
 * else trades in it, so its index price is where the test's own trades put it. `request`: a logged-in context's.
 */
export async function addMarginPair(request: APIRequestContext, base: string): Promise<void> {
  await admin(...['coin', 'add', '--symbol', base, '--name', base, '--show-precision', '4', '--scale', '8']);
  // Sorted last: the USDT group's default market (its lowest sort) stays the demo's.
  await addQuietMarket(request, base, 'USDT', ['--lever', '1', '--multiple', '3', '--sort', '900']);
  for (const who of [ALICE, BOB])
    await admin(...['credit', '--user', who.email, '--coin', base, '--amount', '1000', '--reason', 'margin e2e']);
}

/** A call that must succeed, as the logged-in context makes it. */
export async function call(request: APIRequestContext, name: string, data: object): Promise<unknown> {
  const reply = await postCall(request, name, data);
  expect(reply.code, `${name}: ${reply.msg}`).toBe('0');
  return reply.data;
}

/** A spot limit order on the pair, through the API. */
export const spot = (request: APIRequestContext, base: string, side: 'BUY' | 'SELL', price: string, volume: string) =>
  call(request, 'order/create', { side, type: 1, price, volume, symbol: `${base}usdt`.toLowerCase() });

/**
 * A trade at `price` between Alice (selling) and Bob's spot account (buying), with nothing else resting: the pair's
 * index price moves there (the index holds a market's last trade inside its best bid and ask).
 */
export async function tradeAt(alice: APIRequestContext, bob: APIRequestContext, base: string, price: string) {
  await spot(alice, base, 'SELL', price, '0.01');
  await spot(bob, base, 'BUY', price, '0.01');
}

/** The margin pair's card on a page, and one of its figures (e.g. total-USDT) as a number string. */
export const marginCard = (page: Page, base: string) => page.getByTestId(`margin-pair-${base}USDT`);
