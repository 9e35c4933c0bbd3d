import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE, BOB } from './support/pages.ts';

/**
 * Bob moves TRX from his spot account to his P2P account and part of it back through the transfer dialog, sees both
 * balances change exactly and the four ledger rows on the history page. An order Alice placed through the API shows
 * among her open orders; she cancels it there, and it moves to her order history.
 */

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; msg: string; data: Record<string, unknown> };
}

/** A coin's row in the account's balance table (the page's first table; its recent transfers come after). */
const balanceRow = (page: Page, coin: string) =>
  page
    .getByRole('table')
    .first()
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: coin, exact: true }) });

/** The available amount of a coin in the balance table, as a decimal string. */
async function availableOf(page: Page, coin: string): Promise<string> {
  const row = balanceRow(page, coin);
  await expect(row).toHaveCount(1);
  return ((await row.getByRole('cell').nth(1).textContent()) ?? '').replaceAll(',', '');
}

async function transfer(page: Page, amount: string) {
  const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await expect(dialog.getByTestId('transfer-available')).not.toHaveText('--');
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

test('moves TRX between the spot and P2P accounts and shows it in the history', async ({ page }) => {
  test.setTimeout(120_000); // several page loads and two transfers through the core
  await loginFromAnotherDevice(page.context().request, BOB.email, BOB.password);
  // The demo seeds Bob with 50,000 TRX in his spot account and nothing in P2P; no other test moves his TRX.
  await page.goto('/assets/otcAccount');
  // The first page of a fresh server loads its settings and code: give it time.
  await expect(page.getByRole('heading', { name: 'P2P account', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => availableOf(page, 'TRX')).toBe('0.00');
  await page.goto('/assets/exchangeAccount');
  await expect.poll(() => availableOf(page, 'TRX')).toBe('50000.00');

  const trxRow = balanceRow(page, 'TRX');
  await trxRow.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveText('Spot');
  await expect(dialog.getByRole('combobox', { name: 'To' })).toHaveText('P2P');
  await expect(dialog.getByRole('combobox', { name: 'Coin' })).toHaveText('TRX');
  await transfer(page, '12.5');
  await expect(page.getByText('Transferred 12.5 TRX from Spot to P2P.')).toBeVisible();
  await expect.poll(() => availableOf(page, 'TRX')).toBe('49987.50');

  await page.getByRole('navigation', { name: 'Assets' }).getByRole('link', { name: 'P2P account' }).click();
  await expect.poll(() => availableOf(page, 'TRX')).toBe('12.50');
  // The account page lists its latest transfers.
  const recent = page.getByRole('region', { name: 'Recent transfers' });
  await expect(recent.getByRole('row').filter({ hasText: 'TRX' }).filter({ hasText: '+12.5' })).toHaveCount(1);

  // Back the other way from the P2P page's own button: from P2P to Spot, the coin chosen in the dialog.
  await page.getByRole('button', { name: 'Transfer' }).first().click();
  await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveText('P2P');
  await dialog.getByRole('combobox', { name: 'Coin' }).click();
  await page.getByRole('option', { name: 'TRX' }).click();
  await transfer(page, '2.25');
  await expect.poll(() => availableOf(page, 'TRX')).toBe('10.25');

  await page.getByRole('navigation', { name: 'Assets' }).getByRole('link', { name: 'History' }).click();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Transfer' }).click();
  const rows = page.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(rows.filter({ hasText: '+12.5' }).filter({ hasText: 'P2P' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '-12.5' }).filter({ hasText: 'Spot' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '-2.25' }).filter({ hasText: 'P2P' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '+2.25' }).filter({ hasText: 'Spot' })).toHaveCount(1);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /record\/other_transfer_export\?transactionScene=transfer$/);
  const csv = await page.context().request.get((await exportLink.getAttribute('href')) as string);
  expect((await csv.text()).split('\r\n').filter((line) => line.includes(',TRX,transfer,'))).toHaveLength(4);
});

test('lists an order placed through the API among open orders and cancels it there', async ({ page }) => {
  await loginFromAnotherDevice(page.context().request, ALICE.email, ALICE.password);
  // Far below the market: it rests on the book.
  const placed = await postCall(page.context().request, 'order/create', {
    side: 'BUY',
    type: 1,
    price: '1234.56',
    volume: '0.004321',
    symbol: 'btcusdt',
  });
  expect(placed.code, placed.msg).toBe('0');

  await page.goto('/order/exchangeOrder');
  const open = page.getByRole('table', { name: 'Open orders' });
  const row = open.getByRole('row').filter({ hasText: '1,234.56' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText('0.004321');
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Order cancelled.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = page.getByRole('table', { name: 'Order history' }).getByRole('row').filter({ hasText: '1,234.56' });
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('Cancelled');
});
