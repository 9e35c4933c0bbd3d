import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE } from './support/pages.ts';

/**
 * An order Alice placed through the API shows among her open orders; she cancels it there, and it moves to her order
 * history. (Transfers between account types wait for a second product: with spot alone the web app offers none;
 * apps/server/test/account-transfer.test.ts covers the call.)
 */

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; msg: string; data: Record<string, unknown> };
}

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
