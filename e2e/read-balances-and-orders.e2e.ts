import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { registerByApi } from './support/api-register.ts';

/**
 * A funded trader reads the spot account (available, in orders, BTC value and its dollar value at the live index
 * rate, exactly; USDT pegged 1:1; small balances hidden; search) and the order centre (an order placed through the API, filters,
 * the fills of a filled order, the trade export as a CSV download).
 */
// Registering and crediting through the operator CLI takes a while on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  const body = (await reply.json()) as { code: string; msg: string; data: Record<string, unknown> };
  expect(body.code, `${call}: ${body.msg}`).toBe('0');
  return body.data;
}

/** A trader with 1.5 BTC and 2,500 USDT, a limit buy resting far below the market and a small TRX market buy. */
async function fundedTrader(page: Page) {
  const request = page.context().request;
  const trader = await registerByApi(request, 'reader');
  await admin('credit', '--user', trader.email, '--coin', 'BTC', '--amount', '1.5', '--reason', 'e2e');
  await admin('credit', '--user', trader.email, '--coin', 'USDT', '--amount', '2500', '--reason', 'e2e');
  await loginFromAnotherDevice(request, trader.email, trader.password);
  await postCall(request, 'order/create', { side: 'BUY', type: 1, price: '1000', volume: '0.01', symbol: 'btcusdt' });
  // About 41 TRX (5 USDT, some 0.00008 BTC): a small balance, and an order with fills.
  await postCall(request, 'order/create', { side: 'BUY', type: 2, volume: '5', symbol: 'trxusdt' });
  return request;
}

function balanceRow(page: Page, coin: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: coin, exact: true }) });
}

/** Cell texts by column title. */
async function cellsOf(page: Page, row: Locator): Promise<Record<string, string>> {
  const titles = await page.getByRole('columnheader').allTextContents();
  const cells = await row.getByRole('cell').allTextContents();
  return Object.fromEntries(titles.map((title, i) => [title, cells[i] ?? '']));
}

/** a × b truncated to `digits`, exactly (decimal strings as scaled integers). */
function timesTruncated(a: string, b: string, digits: number): string {
  const scaled = (s: string) => {
    const [whole, fraction = ''] = s.replaceAll(',', '').split('.');
    return { n: BigInt(`${whole}${fraction}`), scale: fraction.length };
  };
  const x = scaled(a);
  const y = scaled(b);
  const product = x.n * y.n;
  const cut = product / 10n ** BigInt(x.scale + y.scale - digits);
  const text = cut.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, -digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${text.slice(-digits)}`;
}

/** Every BTC price in US dollars the page was sent (public info's rate table, then common/rate's polls). */
function watchBtcRates(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', async (response) => {
    if (!/\/fe-ex-api\/common\/(rate|public_info_v4)$/.test(new URL(response.url()).pathname)) return;
    type RateTable = Record<string, Record<string, string | number>>;
    const body = (await response.json().catch(() => null)) as {
      data?: { rate?: RateTable; market?: { rate?: RateTable } };
    } | null;
    const btc = (body?.data?.rate ?? body?.data?.market?.rate)?.en_US?.BTC;
    if (btc !== undefined) seen.add(String(btc));
  });
  return seen;
}

test('reads the spot balances with BTC and dollar values, hides small ones and searches', async ({ page }) => {
  await fundedTrader(page);
  const btcRates = watchBtcRates(page);
  await page.goto('/assets/exchangeAccount');
  await expect(page.getByRole('heading', { name: 'Spot account', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Value ($)' })).toBeVisible();
  // The heading comes before the balances do: read the row once it is there (reading does not wait).
  await expect(balanceRow(page, 'BTC')).toBeVisible();

  const btc = await cellsOf(page, balanceRow(page, 'BTC'));
  expect(btc).toMatchObject({
    // At BTC's display precision (6).
    Available: '1.500000',
    'In orders': '0.000000',
    Total: '1.500000',
    'BTC value': '1.50000000',
  });
  // 1.5 BTC at the index price the page was sent (BTC/USDT's last trade; USDT is pegged to the dollar).
  const btcValues = [...btcRates].map((rate) => `$${timesTruncated('1.5', rate, 2)}`);
  expect(btcValues).toContain(btc['Value ($)']);

  // 10 USDT rest in the limit buy; the market buy spent (up to) 5.
  await expect.poll(async () => (await cellsOf(page, balanceRow(page, 'USDT')))['In orders']).toMatch(/^10\.0+$/);
  const usdt = await cellsOf(page, balanceRow(page, 'USDT'));
  expect(Number(usdt.Total?.replaceAll(',', ''))).toBeGreaterThanOrEqual(2495);
  // Pegged 1:1: the dollar value is the amount itself, never a detour through BTC.
  expect(usdt['Value ($)']).toBe(`$${usdt.Total}`);
  await expect(balanceRow(page, 'ETH')).toHaveCount(1);
  await expect(balanceRow(page, 'TRX')).toHaveCount(1);

  await page.getByRole('switch', { name: 'Hide small balances' }).click();
  await expect(balanceRow(page, 'ETH')).toHaveCount(0);
  await expect(balanceRow(page, 'TRX')).toHaveCount(0);
  await expect(balanceRow(page, 'BTC')).toHaveCount(1);
  await expect(balanceRow(page, 'USDT')).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search coin' }).fill('us');
  await expect(balanceRow(page, 'USDT')).toHaveCount(1);
  await expect(balanceRow(page, 'BTC')).toHaveCount(0);

  // The estimate: the BTC total, and the dollar value of every balance at its own rate.
  const total = (await page.getByTestId('total-btc').textContent()) ?? '';
  expect(Number(total.replaceAll(',', ''))).toBeGreaterThan(1.5);
  await expect(page.getByText(/^≈ \$\d{1,3}(,\d{3})*\.\d{2}$/)).toBeVisible();
});

test('lists an API order, filters, opens an order’s fills and exports the trades as CSV', async ({ page }) => {
  await fundedTrader(page);
  await page.goto('/order/exchangeOrder');
  const open = page.getByRole('table', { name: 'Open orders' });
  const limitBuy = open.getByRole('row').filter({ hasText: '1,000.00' });
  await expect(limitBuy).toHaveCount(1, { timeout: 30_000 });
  await expect(limitBuy).toContainText('BTC/USDT');
  await expect(limitBuy).toContainText('Limit');
  // Every amount carries its coin; the total is at the quote coin's precision.
  await expect(limitBuy).toContainText('0.01');
  await expect(limitBuy).toContainText(/0\.01\d* BTC/);
  await expect(limitBuy).toContainText('0.00 USDT');
  // Live, without a reload: the private order channel brings a new order in and takes a cancelled one out.
  const request = page.context().request;
  const another = await postCall(request, 'order/create', {
    side: 'BUY',
    type: 1,
    price: '1001',
    volume: '0.02',
    symbol: 'btcusdt',
  });
  const anotherRow = open.getByRole('row').filter({ hasText: '1,001.00' });
  await expect(anotherRow).toHaveCount(1);
  await postCall(request, 'order/cancel', { orderId: another.order_id, symbol: 'btcusdt' });
  await expect(anotherRow).toHaveCount(0);

  const typeFilter = page.getByRole('combobox', { name: 'Type' });
  await typeFilter.click();
  await page.getByRole('option', { name: 'Market', exact: true }).click();
  await expect(open.getByText('No orders')).toBeVisible();
  await typeFilter.click();
  await page.getByRole('option', { name: 'Limit', exact: true }).click();
  await expect(limitBuy).toHaveCount(1);

  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = page.getByRole('table', { name: 'Order history' });
  // The type filter stays: the only finished limit order is the one cancelled above.
  await expect(history.getByRole('row').filter({ hasText: '1,001.00' })).toContainText('Cancelled');
  await expect(history.getByRole('row').filter({ hasText: 'TRX/USDT' })).toHaveCount(0);
  await typeFilter.click();
  await page.getByRole('option', { name: 'Market', exact: true }).click();
  const trxBuy = history.getByRole('row').filter({ hasText: 'TRX/USDT' });
  await expect(trxBuy).toHaveCount(1);
  await expect(trxBuy).toContainText('Filled');
  await trxBuy.getByRole('button', { name: 'Fills' }).click();
  const fills = page.getByRole('table', { name: 'Fills of the order' });
  // A buyer's fee is in the coin bought.
  await expect(fills.getByRole('row').nth(1)).toContainText(' TRX');
  await expect(trxBuy.getByRole('button', { name: 'Fills' })).toHaveAttribute('aria-expanded', 'true');
  await trxBuy.getByRole('button', { name: 'Fills' }).click();
  await expect(fills).toHaveCount(0);

  await page.getByRole('tab', { name: 'Trade history' }).click();
  const trades = page.getByRole('table', { name: 'Trade history' }).getByRole('row').filter({ hasText: 'TRX/USDT' });
  await expect(trades.first()).toContainText('Taker');
  await expect(trades.first()).toContainText(/\d\.\d{2} USDT/);
  const tradeCount = await trades.count();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^trades-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  expect(lines[0]).toBe('time,trade_id,order_id,symbol,side,role,price,volume,amount,fee,fee_coin');
  expect(lines.slice(1)).toHaveLength(tradeCount);
  expect(lines.slice(1).every((line) => line.includes(',trxusdt,BUY,taker,'))).toBe(true);
});
