import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE, BOB } from './support/pages.ts';
import { addQuietMarket, postCall } from './support/quiet-market.ts';
import { openTradePage } from './support/trade-page.ts';

/**
 * Two traders on one quiet market, each in their own browser. Alice's limit sell, placed through the form, shows in
 * Bob's order book live; Bob takes it with a market buy (a quote amount to spend); both see the trade, their open
 * orders, histories and balances change without a reload. A cancel gives the locked coins back, and orders the market
 * or the balance refuses (below the minimum, too many decimals, more than the balance) are answered with the rule that
 * failed and change nothing. The market is added for this test after the server started, so the demo market maker
 * (which quotes the markets it found at start) never trades in it.
 */
const MARKET = { base: 'BTC', quote: 'ETH', symbol: 'btceth' };
const PRICE = '20.0000';
const AMOUNT = '0.0125';
/** PRICE × AMOUNT: what Bob's market buy spends to take all of Alice's order. */
const SPEND = '0.25';

/** The trader's BTC and ETH balances (available and locked) as the server holds them. */
async function serverBalances(request: APIRequestContext) {
  const reply = await postCall(request, 'finance/v5/account_balance', { coinSymbols: 'BTC,ETH' });
  const coins = (reply.data as { allCoinMap: Record<string, { normal_balance: string; lock_balance: string }> })
    .allCoinMap;
  return [MARKET.base, MARKET.quote].map((c) => `${c} ${coins[c]?.normal_balance} / ${coins[c]?.lock_balance}`);
}

const form = (page: Page, side: 'Buy' | 'Sell') => page.getByRole('form', { name: `${side} ${MARKET.base}` });
const available = (page: Page, side: 'buy' | 'sell') => page.getByTestId(`available-${side}`);
const amountOf = async (page: Page, side: 'buy' | 'sell') =>
  ((await available(page, side).textContent()) ?? '').split(' ')[0]?.replaceAll(',', '') ?? '';
const asks = (page: Page) => page.getByRole('list', { name: 'Sell orders' }).getByRole('button');

test('a limit sell is taken by a market buy live on both screens; a cancel; refused orders change nothing', async ({
  browser,
}) => {
  // About 45 s on a quiet 2-core machine; room for a machine shared with other work.
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  await loginFromAnotherDevice(aliceContext.request, ALICE.email, ALICE.password);
  await addQuietMarket(aliceContext.request, MARKET.base, MARKET.quote);

  const [alice, bob] = await Promise.all([
    openTradePage(aliceContext, ALICE, `${MARKET.base}_${MARKET.quote}`),
    openTradePage(bobContext, BOB, `${MARKET.base}_${MARKET.quote}`),
  ]);
  // Balances read as "--" until the account's reply is in: wait for all four before reading them.
  for (const page of [alice, bob])
    for (const side of ['buy', 'sell'] as const) await expect(available(page, side)).toHaveText(/^[0-9]/);
  const aliceBase = await amountOf(alice, 'sell');
  const aliceQuote = await amountOf(alice, 'buy');
  const bobBase = await amountOf(bob, 'sell');
  const bobQuote = await amountOf(bob, 'buy');
  await expect(asks(bob)).toHaveCount(0);

  // Alice: a limit sell through the form. What the market's rules refuse is caught before sending.
  const sell = form(alice, 'Sell');
  const sellButton = sell.getByRole('button', { name: `Sell ${MARKET.base}` });
  await sell.getByLabel('Price').fill(PRICE);
  await sell.getByLabel('Amount').fill('0.0005');
  await sellButton.click();
  await expect(sell.getByText('The smallest amount is 0.001')).toBeVisible();
  // What only the server knows (the engine's highest price) comes back as its refusal, in words.
  await sell.getByLabel('Price').fill('999999');
  await sell.getByLabel('Amount').fill(AMOUNT);
  await sellButton.click();
  await expect(sell.getByText('The price or amount is too large.')).toBeVisible();
  await sell.getByLabel('Price').fill(PRICE);
  await sellButton.click();
  await expect(sell.getByText('Order placed.')).toBeVisible();
  const aliceOpen = alice.getByTestId('open-orders');
  await expect(aliceOpen.getByRole('row').filter({ hasText: PRICE })).toHaveCount(1);
  await expect(alice.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await expect.poll(() => amountOf(alice, 'sell')).toBe(sub(aliceBase, AMOUNT));

  // Bob sees it in his book without a reload and takes it with a market buy: the quote amount to spend.
  const ask = asks(bob).filter({ hasText: PRICE });
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText(AMOUNT);
  const buy = form(bob, 'Buy');
  await bob.getByRole('tab', { name: 'Market', exact: true }).click();
  await expect(buy.getByLabel('Price')).toHaveCount(0);
  await buy.getByLabel('Total to spend').fill(SPEND);
  await buy.getByRole('button', { name: `Buy ${MARKET.base}` }).click();
  await expect(buy.getByText('Order placed.')).toBeVisible();

  // Both see the trade and the emptied book; Alice's open order leaves and both traders' balances move, live.
  for (const page of [alice, bob]) {
    await expect(page.getByTestId('recent-trades').getByText(PRICE)).toBeVisible();
    await expect(asks(page)).toHaveCount(0);
  }
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(aliceOpen.getByText('No open orders in this market')).toBeVisible();
  await expect.poll(() => amountOf(alice, 'buy')).not.toBe(aliceQuote);
  await expect.poll(() => amountOf(bob, 'sell')).not.toBe(bobBase);
  await expect.poll(() => amountOf(bob, 'buy')).toBe(sub(bobQuote, SPEND));
  expect(await amountOf(alice, 'sell')).toBe(sub(aliceBase, AMOUNT));

  // The filled orders are in both histories; a finished order opens its fills.
  for (const page of [alice, bob]) await page.getByRole('tab', { name: 'Order history' }).click();
  const filled = alice.getByTestId('order-history').getByRole('row').filter({ hasText: PRICE });
  await expect(filled).toHaveCount(1);
  await expect(filled).toContainText('Filled');
  await expect(bob.getByTestId('order-history').getByRole('row').filter({ hasText: 'Market Buy' })).toContainText(
    'Filled',
  );
  await filled.getByRole('button', { name: 'Filled' }).click();
  await expect(alice.getByTestId('order-history').getByText(`${AMOUNT} ${MARKET.base} @ ${PRICE}`)).toBeVisible();
  await alice.getByRole('tab', { name: /^Open orders/ }).click();

  // A cancel: Alice's second sell rests, shows in Bob's book, and leaves both screens when she cancels it.
  const beforeCancel = await amountOf(alice, 'sell');
  await sell.getByLabel('Price').fill('25');
  await sell.getByLabel('Amount').fill('0.01');
  await sellButton.click();
  await expect(alice.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await expect(asks(bob).filter({ hasText: '25.0000' })).toHaveCount(1);
  await expect.poll(() => amountOf(alice, 'sell')).toBe(sub(beforeCancel, '0.01'));
  await aliceOpen.getByRole('row').filter({ hasText: '25.0000' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(asks(bob)).toHaveCount(0);
  await expect.poll(() => amountOf(alice, 'sell')).toBe(beforeCancel);
  await alice.getByRole('tab', { name: 'Order history' }).click();
  await expect(alice.getByTestId('order-history').getByRole('row').filter({ hasText: '25.0000' })).toContainText(
    'Cancelled',
  );
  await alice.getByRole('tab', { name: /^Open orders/ }).click();

  // Orders the rules refuse: the form says why before sending; the server, asked directly, names the rule that
  // failed. Nothing changes: balances (on the page and on the server), open orders, the book.
  const pageBalances = async () => [await amountOf(alice, 'sell'), await amountOf(alice, 'buy')];
  const shownBefore = await pageBalances();
  const heldBefore = await serverBalances(aliceContext.request);
  await sell.getByLabel('Price').fill('25');
  await sell.getByLabel('Amount').fill('1000000');
  await sellButton.click();
  await expect(sell.getByText('Not enough BTC available')).toBeVisible();
  // The amount field keeps the market's 4 decimals: a fifth cannot even be typed.
  await sell.getByLabel('Amount').fill('0.01234');
  await expect(sell.getByLabel('Amount')).toHaveValue('0.0123');
  const refusals = [
    [{ price: '25', volume: '0.0005' }, '40006', /below the minimum/i],
    [{ price: '25.12345', volume: '0.01' }, '40003', /decimal|precision/i],
    [{ price: '25', volume: '0.01234' }, '40004', /decimal|precision/i],
    [{ price: '25', volume: '1000000' }, '40009', /insufficient|balance/i],
  ] as const;
  for (const [order, code, words] of refusals) {
    const reply = await postCall(aliceContext.request, 'order/create', {
      side: 'SELL',
      type: 1,
      symbol: MARKET.symbol,
      ...order,
    });
    expect(reply.code, JSON.stringify(reply)).toBe(code);
    expect(reply.msg).toMatch(words);
  }
  expect(await serverBalances(aliceContext.request)).toEqual(heldBefore);
  expect(await pageBalances()).toEqual(shownBefore);
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(asks(bob)).toHaveCount(0);
  await aliceContext.close();
  await bobContext.close();
});

test('a visitor switches markets from the list, picks a price by keyboard and is asked to log in', async ({ page }) => {
  await page.goto('/trade');
  await expect(page).toHaveURL(/\/trade\/BTC_USDT$/);
  await page.getByRole('region', { name: 'Markets' }).getByRole('link', { name: 'ETH/USDT' }).click();
  await expect(page).toHaveURL(/\/trade\/ETH_USDT$/);
  await expect(page.getByRole('heading', { name: 'ETH/USDT' })).toBeVisible();
  const bids = page.getByRole('list', { name: 'Buy orders' }).getByRole('button');
  const label = (await bids.first().getAttribute('aria-label')) ?? '';
  await bids.filter({ hasText: label.match(/^Price ([\d,.]+),/)?.[1] ?? 'no price' }).focus();
  await page.keyboard.press('Enter');
  const price = label.match(/^Price ([\d,.]+),/)?.[1]?.replaceAll(',', '');
  await expect(page.getByRole('form', { name: 'Buy ETH' }).getByLabel('Price')).toHaveValue(price ?? 'no price');
  await expect(page.getByRole('form', { name: 'Sell ETH' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy ETH' })).toHaveCount(0);
});

test("the multi-chart page shows four live charts and remembers each cell's market and period", async ({ page }) => {
  await page.goto('/tradeMore');
  const cells = page.getByRole('region', { name: /^Chart \d$/ });
  await expect(cells).toHaveCount(4);
  const second = page.getByRole('region', { name: 'Chart 2' });
  await expect(second.getByRole('img', { name: /candles/ })).toBeVisible();
  await second.getByLabel('Chart 2: market').selectOption('ETH/USDT');
  await second.getByLabel('Chart 2: candle period').selectOption('1day');
  await expect(second.getByRole('img', { name: 'ETH/USDT candles, 1D' })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', /\/trade\/ETH_USDT$/);
  await page.getByRole('tab', { name: '2 charts' }).click();
  await expect(cells).toHaveCount(2);
  await page.reload();
  await expect(cells).toHaveCount(2);
  await expect(page.getByLabel('Chart 2: market')).toHaveValue('ETH/USDT');
  await expect(page.getByLabel('Chart 2: candle period')).toHaveValue('1day');
  // The chart draws live candles: its last price is filled in from the ticker.
  await expect(second.getByRole('paragraph')).not.toContainText('--');
});

/** a - b, exact (integer units), at the decimals the page shows `a` with (each coin shows its own precision). */
function sub(a: string, b: string): string {
  const digits = a.split('.')[1]?.length ?? 0;
  const units = (v: string) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  };
  const s = (units(a) - units(b)).toString().padStart(digits + 1, '0');
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}
