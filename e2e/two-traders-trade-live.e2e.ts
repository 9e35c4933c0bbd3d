import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE, BOB } from './support/pages.ts';

/**
 * Two traders on one quiet market, each in their own browser: Alice's limit sell, placed through the form, shows in
 * Bob's order book live; Bob buys it through his form; both see the trade in the market's trades, and their open
 * orders and balances change without a reload. The market is added for this test after the server started, so the
 * demo market maker (which quotes the markets it found at start) never trades in it.
 */
const MARKET = { base: 'BTC', quote: 'ETH', symbol: 'btceth' };
const PRICE = '20.5000';
const AMOUNT = '0.0125';

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; data: unknown };
}

async function trader(
  context: BrowserContext,
  account: { email: string; password: string },
  market = `${MARKET.base}_${MARKET.quote}`,
): Promise<Page> {
  await loginFromAnotherDevice(context.request, account.email, account.password);
  const page = await context.newPage();
  await page.goto(`/trade/${market}`);
  await expect(page.getByRole('heading', { name: market.replace('_', '/') })).toBeVisible({ timeout: 20_000 });
  return page;
}

const form = (page: Page, side: 'Buy' | 'Sell') => page.getByRole('form', { name: `${side} ${MARKET.base}` });
const available = (page: Page, side: 'buy' | 'sell') => page.getByTestId(`available-${side}`);
const amountOf = async (page: Page, side: 'buy' | 'sell') =>
  ((await available(page, side).textContent()) ?? '').split(' ')[0]?.replaceAll(',', '') ?? '';

test('a limit sell placed by one trader is bought by another, live on both screens', async ({ browser }) => {
  await admin(
    ...['market', 'add', '--base', MARKET.base, '--quote', MARKET.quote, '--price-precision', '4'],
    ...['--volume-precision', '4', '--depth', '0.0001,0.001,0.01', '--limit-volume-min', '0.001'],
    ...['--limit-price-min', '0.0001', '--market-buy-min', '0.001', '--market-sell-min', '0.0001'],
    ...['--maker-fee', '0.001', '--taker-fee', '0.002'],
  );
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  await loginFromAnotherDevice(aliceContext.request, ALICE.email, ALICE.password);
  // The trading core reads new markets within seconds; until then the market is unknown (code 40001).
  await expect
    .poll(
      async () => (await postCall(aliceContext.request, 'order/cancel', { orderId: 1, symbol: MARKET.symbol })).code,
      {
        timeout: 15_000,
      },
    )
    .not.toBe('40001');

  const alice = await trader(aliceContext, ALICE);
  const bob = await trader(bobContext, BOB);
  await expect(available(alice, 'sell')).toContainText(MARKET.base);
  await expect(available(bob, 'buy')).not.toHaveText(/^--/);
  const aliceBase = await amountOf(alice, 'sell');
  const aliceQuote = await amountOf(alice, 'buy');
  const bobBase = await amountOf(bob, 'sell');
  const bobQuote = await amountOf(bob, 'buy');
  await expect(bob.getByRole('list', { name: 'Sell orders' }).getByRole('button')).toHaveCount(0);

  // Alice: a limit sell through the form. What the market's rules refuse is caught before sending.
  const sell = form(alice, 'Sell');
  await sell.getByLabel('Price').fill(PRICE);
  await sell.getByLabel('Amount').fill('0.0005');
  await sell.getByRole('button', { name: `Sell ${MARKET.base}` }).click();
  await expect(sell.getByText('The smallest amount is 0.001')).toBeVisible();
  // What only the server knows (the engine's highest price) comes back as its refusal, in words.
  await sell.getByLabel('Price').fill('999999');
  await sell.getByLabel('Amount').fill(AMOUNT);
  await sell.getByRole('button', { name: `Sell ${MARKET.base}` }).click();
  await expect(sell.getByText('The price or amount is too large.')).toBeVisible();
  await sell.getByLabel('Price').fill(PRICE);
  await sell.getByRole('button', { name: `Sell ${MARKET.base}` }).click();
  await expect(sell.getByText('Order placed.')).toBeVisible();
  const aliceOpen = alice.getByTestId('open-orders');
  await expect(aliceOpen.getByRole('row').filter({ hasText: PRICE })).toHaveCount(1);
  await expect(alice.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await expect.poll(() => amountOf(alice, 'sell')).toBe(sub(aliceBase, AMOUNT));

  // Bob sees it in his book without a reload, takes its price from the book and buys it.
  const ask = bob.getByRole('list', { name: 'Sell orders' }).getByRole('button').filter({ hasText: PRICE });
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText(AMOUNT);
  await ask.click();
  const buy = form(bob, 'Buy');
  await expect(buy.getByLabel('Price')).toHaveValue(PRICE);
  await buy.getByLabel('Amount').fill(AMOUNT);
  await buy.getByRole('button', { name: `Buy ${MARKET.base}` }).click();
  await expect(buy.getByText('Order placed.')).toBeVisible();

  // Both see the trade and the emptied book; Alice's open order leaves and her balances move, live.
  for (const page of [alice, bob]) {
    page.on('console', (m) => console.log('CONSOLE', page === alice ? 'alice' : 'bob', m.text()));
    await expect(page.getByTestId('recent-trades').getByText(PRICE))
      .toBeVisible()
      .catch(async (e) => {
        for (const [n, p] of [
          ['alice', alice],
          ['bob', bob],
        ] as const)
          console.log(
            'DEBUG',
            n,
            JSON.stringify(await p.getByTestId('recent-trades').textContent()),
            JSON.stringify(await p.getByRole('region', { name: 'Market summary' }).textContent()),
          );
        await page.reload();
        await page.waitForTimeout(3000);
        for (const [n, p] of [
          ['alice', alice],
          ['bob', bob],
        ] as const)
          console.log('AFTER RELOAD', n, JSON.stringify(await p.getByTestId('recent-trades').textContent()));
        throw e;
      });
    await expect(page.getByRole('list', { name: 'Sell orders' }).getByRole('button')).toHaveCount(0);
  }
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();
  await expect(aliceOpen.getByText('No open orders in this market')).toBeVisible();
  await expect.poll(() => amountOf(alice, 'buy')).not.toBe(aliceQuote);
  await expect.poll(() => amountOf(bob, 'sell')).not.toBe(bobBase);
  expect(await amountOf(alice, 'sell')).toBe(sub(aliceBase, AMOUNT));
  await expect.poll(() => amountOf(bob, 'buy')).not.toBe(bobQuote);

  // A market buy spends a quote amount: 0.21 ETH buys Alice's next 0.01 BTC at 21.
  await sell.getByLabel('Price').fill('21');
  await sell.getByLabel('Amount').fill('0.01');
  await sell.getByRole('button', { name: `Sell ${MARKET.base}` }).click();
  await expect(alice.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await expect(bob.getByRole('list', { name: 'Sell orders' }).getByRole('button')).toHaveCount(1);
  await bob.getByRole('tab', { name: 'Market', exact: true }).click();
  await expect(buy.getByLabel('Price')).toHaveCount(0);
  await buy.getByLabel('Total to spend').fill('0.21');
  await buy.getByRole('button', { name: `Buy ${MARKET.base}` }).click();
  await expect(buy.getByText('Order placed.')).toBeVisible();
  await expect(bob.getByTestId('recent-trades').getByText('21.0000')).toBeVisible();
  await expect(alice.getByRole('tab', { name: 'Open orders (0)' })).toBeVisible();

  // The filled orders are in both histories.
  for (const page of [alice, bob]) {
    await page.getByRole('tab', { name: 'Order history' }).click();
    const filled = page.getByTestId('order-history').getByRole('row').filter({ hasText: PRICE });
    await expect(filled).toHaveCount(1);
    await expect(filled).toContainText('Filled');
  }
  await expect(bob.getByTestId('order-history').getByRole('row').filter({ hasText: 'Market Buy' })).toContainText(
    'Filled',
  );
  // A finished order opens its fills.
  await alice
    .getByTestId('order-history')
    .getByRole('row')
    .filter({ hasText: PRICE })
    .getByRole('button', { name: 'Filled' })
    .click();
  await expect(alice.getByTestId('order-history').getByText(`${AMOUNT} @ ${PRICE}`)).toBeVisible();
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

/** a - b for the 4-decimal amounts this test reads back (exact: integer ten-thousandths). */
function sub(a: string, b: string): string {
  const units = (v: string) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
  };
  const n = units(a) - units(b);
  const s = n.toString().padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
}

test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
  for (const size of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`trade page ${size.name}`, async ({ browser }) => {
      const shoot = async (page: Page, name: string) => {
        const last = page
          .getByRole('region', { name: /Market summary|市场概况/ })
          .getByRole('paragraph')
          .first();
        await expect(last).not.toContainText('--', { timeout: 20_000 });
        await page.screenshot({ path: path.join(import.meta.dirname, '../.screenshots', name), fullPage: true });
      };
      const viewport = { width: size.width, height: size.height };
      const visitor = await browser.newContext({ viewport });
      const page = await visitor.newPage();
      await page.goto('/trade/ETH_USDT?lang=zh_CN');
      // The phone shows one panel at a time: the visitor's shot shows the book, the trader's the chart.
      if (size.name === 'phone') await page.getByRole('tab', { name: '盘口' }).click();
      await expect(page.getByRole('list', { name: '卖单' }).getByRole('button').first()).toBeAttached();
      await shoot(page, `trade-visitor-zh_CN-${size.name}.png`);
      await visitor.close();
      const context = await browser.newContext({ viewport });
      const bob = await trader(context, BOB, 'BTC_USDT');
      // A buy far under the market rests, so the open-orders table has a row to show.
      if (size.name === 'phone') await bob.getByRole('tab', { name: 'Buy', exact: true }).click();
      const buy = bob.getByRole('form', { name: 'Buy BTC' });
      await buy.getByLabel('Price').fill('1000');
      await buy.getByLabel('Amount').fill('0.001');
      await buy.getByRole('button', { name: 'Buy BTC' }).click();
      await expect(bob.getByTestId('open-orders').getByRole('row').filter({ hasText: '1,000.00' })).toHaveCount(1);
      await shoot(bob, `trade-${size.name}.png`);
      await bob.getByRole('tab', { name: 'Depth' }).click();
      await shoot(bob, `trade-depth-${size.name}.png`);
      await context.close();
    });
  }
});
