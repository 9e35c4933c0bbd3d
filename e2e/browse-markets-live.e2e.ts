import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { registerByApi } from './support/api-register.ts';
import { closePopupWhenShown, logIn } from './support/pages.ts';

/**
 * The market list: sorted by a column both ways, searched, a market kept as a favourite across a reload (in the
 * browser with the operator's switch off, on the server with it on), a visitor's favourite starred on the trade
 * page joining the server's list at login, and a last price that changes live when a trade happens, on /market and
 * on the home table.
 */
// Serial: two of them set the operator's switch. Registering and crediting through the operator CLI takes a while.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const FAVOURITES_SWITCH = 'optional_symbol_server_open';

/** The operator's switch through the CLI; a busy SQLite file (the exchange writing) is retried. */
async function setFavouritesSwitch(value: '0' | '1') {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin('switch', 'set', FAVOURITES_SWITCH, value);
      return;
    } catch (failure) {
      if (attempt === 5 || !String(failure).includes('database is locked')) throw failure;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; msg: string; data: Record<string, unknown> };
}

function marketTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Market list' });
}

/** The pairs of the table's rows, top to bottom ("BTC/USDT"). */
async function pairs(page: Page): Promise<string[]> {
  const links = marketTable(page).getByRole('row').getByRole('link').filter({ hasText: '/' });
  return links.allTextContents();
}

function lastPrice(page: Page, pair: string): Locator {
  return marketTable(page).getByRole('row').filter({ hasText: pair }).getByRole('cell').nth(2);
}

const decimal = (text: string | null) => Number((text ?? '').replaceAll(',', ''));

test('sorts by last price both ways and searches the pairs', async ({ page }) => {
  await page.goto('/market');
  await expect(page.getByRole('heading', { name: 'Markets', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => pairs(page)).toEqual(['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'TRX/USDT']);
  // Every market has a price from the live data before sorting by it.
  for (const pair of ['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'TRX/USDT'])
    await expect(lastPrice(page, pair)).not.toHaveText('--');

  const header = marketTable(page).getByRole('columnheader', { name: 'Last price' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const down = await pairs(page);
  const downPrices = await Promise.all(down.map(async (pair) => decimal(await lastPrice(page, pair).textContent())));
  expect(downPrices).toEqual([...downPrices].sort((a, b) => b - a));
  expect(down[0]).toBe('BTC/USDT');

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await pairs(page)).toEqual([...down].reverse());

  await marketTable(page).getByRole('columnheader', { name: 'Pair' }).getByRole('button').click();
  await expect.poll(() => pairs(page)).toEqual(['TRX/USDT', 'LTC/USDT', 'ETH/USDT', 'BTC/USDT']);

  await page.getByRole('searchbox', { name: 'Search pairs' }).fill(' lt ');
  await expect.poll(() => pairs(page)).toEqual(['LTC/USDT']);
  await page.getByRole('searchbox', { name: 'Search pairs' }).fill('doge');
  await expect(page.getByText('No pair matches “doge”.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search pairs' }).fill('');

  await page.getByRole('tab', { name: 'BTC' }).click();
  await expect.poll(() => pairs(page)).toEqual(['ETH/BTC']);
});

test('keeps a favourite in the browser while the operator keeps them there, across a reload', async ({ page }) => {
  // Off is the default (and the test below switches it back off).
  await page.goto('/market?tab=optional');
  await expect(page.getByText('No favourites yet')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'USDT' }).click();
  await page.getByRole('button', { name: 'Add LTC/USDT to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Remove LTC/USDT from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await page.evaluate(() => localStorage.getItem('favouriteSymbols'))).toBe('["ltcusdt"]');

  await page.goto('/market?tab=optional');
  await expect.poll(() => pairs(page)).toEqual(['LTC/USDT']);
  await page.getByRole('button', { name: 'Remove LTC/USDT from favourites' }).click();
  await expect(page.getByText('No favourites yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No favourites yet')).toBeVisible();
});

test('keeps a logged-in trader’s favourites on the server when the operator switches that on', async ({ page }) => {
  const request = page.context().request;
  const trader = await registerByApi(request, 'favourites');
  await loginFromAnotherDevice(request, trader.email, trader.password);
  await setFavouritesSwitch('1');
  try {
    await page.goto('/market');
    await page.getByRole('button', { name: 'Add ETH/USDT to favourites' }).click({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Remove ETH/USDT from favourites' })).toBeVisible();
    await expect
      .poll(async () => (await postCall(request, 'optional/list_symbol', {})).data.symbols)
      .toEqual(['ethusdt']);
    // Not in this browser: a new browser of the same trader sees it too.
    expect(await page.evaluate(() => localStorage.getItem('favouriteSymbols'))).toBeNull();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/market?tab=optional');
    await expect.poll(() => pairs(page)).toEqual(['ETH/USDT']);
    await page.getByRole('button', { name: 'Remove ETH/USDT from favourites' }).click();
    await expect(page.getByText('No favourites yet')).toBeVisible();
    await expect.poll(async () => (await postCall(request, 'optional/list_symbol', {})).data.symbols).toEqual([]);
  } finally {
    await setFavouritesSwitch('0');
  }
});

test('a market starred on the trade page by a visitor joins the server’s favourites at login', async ({ page }) => {
  const request = page.context().request;
  // Registering does not log the browser in: the page stays a visitor's.
  const trader = await registerByApi(request, 'starred');
  await setFavouritesSwitch('1');
  try {
    await page.goto('/trade/BTC_USDT');
    const list = page.getByRole('region', { name: 'Markets' });
    await list.getByRole('button', { name: 'Add LTC/USDT to favourites' }).click({ timeout: 30_000 });
    await expect(list.getByRole('button', { name: 'Remove LTC/USDT from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Starring does not open the market.
    await expect(page).toHaveURL(/\/trade\/BTC_USDT$/);
    await list.getByRole('tab', { name: 'Favourites' }).click();
    await expect(list.getByRole('link')).toHaveText([/^LTC\/USDT/]);
    expect(await page.evaluate(() => localStorage.getItem('favouriteSymbols'))).toBe('["ltcusdt"]');

    await logIn(page, trader);
    await closePopupWhenShown(page);
    await page.goto('/trade/BTC_USDT');
    const after = page.getByRole('region', { name: 'Markets' });
    await after.getByRole('tab', { name: 'Favourites' }).click();
    await expect(after.getByRole('link')).toHaveText([/^LTC\/USDT/], { timeout: 20_000 });
    await expect(after.getByRole('button', { name: 'Remove LTC/USDT from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // On the server now, and no longer in this browser.
    expect((await postCall(request, 'optional/list_symbol', {})).data.symbols).toEqual(['ltcusdt']);
    expect(await page.evaluate(() => localStorage.getItem('favouriteSymbols'))).toBeNull();

    // The server's list is what the trade page's star changes from now on.
    await after.getByRole('button', { name: 'Remove LTC/USDT from favourites' }).click();
    await expect(after.getByText('No favourites yet')).toBeVisible();
    await expect.poll(async () => (await postCall(request, 'optional/list_symbol', {})).data.symbols).toEqual([]);
  } finally {
    await setFavouritesSwitch('0');
  }
});

/** Trades LTC/USDT through the API until `price` reads something other than `before`: a buy, then a sell. */
async function tradeUntilPriceMoves(
  request: APIRequestContext,
  price: Locator,
  before: string,
  { within = 5_000, flashes = true } = {},
) {
  for (const side of ['BUY', 'SELL']) {
    // Each worth more than the market's minimum order value (5 USDT).
    const volume = side === 'BUY' ? '10' : '0.1';
    const placed = await postCall(request, 'order/create', { side, type: 2, volume, symbol: 'ltcusdt' });
    expect(placed.code, placed.msg).toBe('0');
    const moved = await expect
      .poll(() => price.textContent(), { timeout: within, intervals: [100] })
      .not.toBe(before)
      .then(() => true)
      .catch(() => false);
    if (!moved) continue;
    // The change flashes briefly (0.8 s) up or down.
    if (flashes) await expect(price).toHaveAttribute('data-flash', /^(up|down)$/, { timeout: 500 });
    return;
  }
  throw new Error('the last price did not change after a buy and a sell');
}

/** A new trader with 100 USDT and 1 LTC to move LTC/USDT's price, logged in; answers the page's request context. */
async function loggedInLtcTrader(page: Page, prefix: string): Promise<APIRequestContext> {
  const request = page.context().request;
  const trader = await registerByApi(request, prefix);
  await admin('credit', '--user', trader.email, '--coin', 'USDT', '--amount', '100', '--reason', 'e2e');
  await admin('credit', '--user', trader.email, '--coin', 'LTC', '--amount', '1', '--reason', 'e2e');
  await loginFromAnotherDevice(request, trader.email, trader.password);
  return request;
}

test('shows a trade’s price live on /market and on the home table', async ({ page }) => {
  const request = await loggedInLtcTrader(page, 'ticker');

  await page.goto('/market');
  const price = lastPrice(page, 'LTC/USDT').locator('span[data-direction]');
  await expect(price).not.toHaveText('--', { timeout: 30_000 });
  await tradeUntilPriceMoves(request, price, (await price.textContent()) ?? '');

  await page.goto('/');
  // The operator's welcome pop-up opens once per browser after the first paint and hides the page from the tree.
  const popup = page.getByRole('dialog');
  if (
    await popup.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    )
  )
    await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  const home = page.getByRole('region', { name: 'Markets' }).getByRole('row').filter({ hasText: 'LTC/USDT' });
  const homePrice = home.getByRole('cell').first().locator('span[data-direction]');
  await expect(homePrice).not.toHaveText('--', { timeout: 30_000 });
  await tradeUntilPriceMoves(request, homePrice, (await homePrice.textContent()) ?? '');
});

test('the trade page’s market list shows a trade’s price within two seconds, pushed, not polled', async ({ page }) => {
  const request = await loggedInLtcTrader(page, 'list');
  // Every call the page makes for market prices (the list used to poll common/index every 10 s).
  const tickerCalls: string[] = [];
  page.on('request', (r) => {
    if (/common\/(index|market)\b/.test(r.url())) tickerCalls.push(r.url());
  });

  await page.goto('/trade/BTC_USDT');
  const list = page.getByRole('region', { name: 'Markets' });
  const price = list.getByRole('link').filter({ hasText: 'LTC/USDT' }).locator('span').nth(1);
  await expect(price).not.toHaveText('--', { timeout: 30_000 });
  await tradeUntilPriceMoves(request, price, (await price.textContent()) ?? '', { within: 2_000, flashes: false });
  expect(tickerCalls).toEqual([]);
});
