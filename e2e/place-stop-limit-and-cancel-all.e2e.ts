import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE, BOB } from './support/pages.ts';
import { addQuietMarket, postCall } from './support/quiet-market.ts';
import { openTradePage } from './support/trade-page.ts';

/**
 * Alice places a stop-limit buy from the trade form: it waits, shown as such, until trades (Bob's and her own
 * orders, placed by calls) move the last price to its trigger; then it enters the book as a limit order and fills
 * in part. Cancel all, confirmed, empties her open orders. A market of its own, added after the server started, so
 * the demo market maker and other tests never trade in it.
 */
const MARKET = { base: 'LTC', quote: 'ETH', symbol: 'ltceth' };

async function placed(request: APIRequestContext, order: object) {
  const reply = await postCall(request, 'order/create', { symbol: MARKET.symbol, type: 1, ...order });
  expect(reply.code, JSON.stringify(reply)).toBe('0');
}

test('a stop-limit order placed from the form waits, triggers when the price crosses it, and cancel all empties the open orders', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  await loginFromAnotherDevice(bobContext.request, BOB.email, BOB.password);
  await addQuietMarket(bobContext.request, MARKET.base, MARKET.quote);

  const alice = await openTradePage(aliceContext, ALICE, `${MARKET.base}_${MARKET.quote}`);
  // A first trade gives the market its last price, 0.5.
  await placed(bobContext.request, { side: 'SELL', price: '0.5', volume: '1' });
  await placed(aliceContext.request, { side: 'BUY', price: '0.5', volume: '1' });
  await expect(alice.getByTestId('recent-trades').getByText('0.5000')).toBeVisible();

  // Alice: a stop-limit buy from the form, triggered at 0.6, a limit at 0.62 for 2 LTC.
  await alice.getByRole('tab', { name: 'Stop-limit' }).click();
  const buy = alice.getByRole('form', { name: `Buy ${MARKET.base}` });
  await buy.getByLabel('Trigger price').fill('0.5');
  await buy.getByLabel('Price', { exact: true }).fill('0.62');
  await buy.getByLabel('Amount').fill('2');
  await buy.getByRole('button', { name: `Buy ${MARKET.base}` }).click();
  await expect(buy.getByText('Set it above or below the last price')).toBeVisible();
  await buy.getByLabel('Trigger price').fill('0.6');
  await expect(buy.getByText('Becomes a limit order when the last price rises to 0.6 ETH')).toBeVisible();
  await expect(alice.getByTestId('fee-buy')).toContainText('0.004 LTC');
  await buy.getByRole('button', { name: `Buy ${MARKET.base}` }).click();
  await expect(buy.getByText('Order placed.')).toBeVisible();

  const open = alice.getByTestId('open-orders');
  const stopRow = open.getByRole('row').filter({ hasText: 'Stop-limit Buy' });
  await expect(stopRow).toContainText('Waiting for trigger');
  await expect(stopRow).toContainText('0.6000');
  await expect(stopRow).toContainText('0.6200');
  // Not in the public book while it waits.
  await expect(alice.getByRole('list', { name: 'Buy orders' }).getByText('0.6200')).toHaveCount(0);

  // The market trades at 0.6: the stop fires, takes Bob's remaining 0.5 at 0.6, and rests with the rest at 0.62.
  await placed(aliceContext.request, { side: 'BUY', price: '0.3', volume: '1' });
  await placed(bobContext.request, { side: 'SELL', price: '0.6', volume: '1' });
  await placed(aliceContext.request, { side: 'BUY', price: '0.6', volume: '0.5' });
  await expect(stopRow).toContainText('Partly filled');
  await expect(alice.getByRole('list', { name: 'Buy orders' }).getByText('0.6200')).toBeVisible();
  await expect(alice.getByRole('tab', { name: 'Open orders (2)' })).toBeVisible();

  // The trade-history tab shows her fills at 0.6, live.
  await alice.getByRole('tab', { name: 'Trade history' }).click();
  await expect(alice.getByTestId('trade-history').getByRole('row').filter({ hasText: '0.6000' })).toHaveCount(2);

  // Cancel all, confirmed, in this market ("hide other pairs" on): her open orders are gone.
  await alice.getByRole('tab', { name: /^Open orders/ }).click();
  await expect(alice.getByRole('checkbox', { name: 'Hide other pairs' })).toBeChecked();
  await alice.getByRole('button', { name: 'Cancel all' }).click();
  const confirm = alice.getByRole('alertdialog', { name: 'Cancel all open orders?' });
  await expect(confirm).toContainText(`Your open orders in ${MARKET.base}/${MARKET.quote} (2)`);
  await confirm.getByRole('button', { name: 'Cancel all' }).click();
  await expect(alice.getByText('Orders cancelled: 2.')).toBeVisible();
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(open.getByText('No open orders in this market')).toBeVisible();
  await expect(alice.getByRole('list', { name: 'Buy orders' }).getByRole('button')).toHaveCount(0);
  const list = await postCall(aliceContext.request, 'order/list/new', { symbol: MARKET.symbol });
  expect((list.data as { count: number }).count).toBe(0);
});
