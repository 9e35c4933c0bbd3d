import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { registerByApi } from './support/api-register.ts';

/**
 * A trader watches a deposit arrive on /assets/recharge: BTC sent to their address on the demo's simulated chain
 * shows at once with 0 of 2 confirmations, then counts 1/2 and is credited as blocks are mined (the operator's
 * command line), all pushed by the server: the page is not reloaded and the list is not asked for again.
 */
test('the deposit list counts a deposit’s confirmations live, up to its credit', async ({ page }) => {
  test.setTimeout(120_000);
  const trader = await registerByApi(page.request, 'confirm');
  await loginFromAnotherDevice(page.request, trader.email, trader.password);
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('record/deposit_list')) listCalls.push(r.url());
  });

  await page.goto('/assets/recharge?symbol=BTC');
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^bcrt1q/);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const deposits = page.getByRole('region', { name: 'Deposits' });
  await expect(deposits.getByText('No deposits yet')).toBeVisible();
  const calledBefore = listCalls.length;

  await admin('chain', 'send', 'BTC', 'BTC', address, '0.25');
  const row = deposits.getByRole('row').filter({ hasText: '0.25 BTC' });
  // The watcher looks at the chain every 3 s; the push reaches the page at once.
  await expect(row.getByText('0/2')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('Waiting for a block')).toBeVisible();

  await admin('chain', 'mine', 'BTC', '1');
  await expect(row.getByText('1/2')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('Confirming')).toBeVisible();

  await admin('chain', 'mine', 'BTC', '1');
  await expect(row.getByText('Credited')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('2/2')).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(listCalls.length).toBe(calledBefore);
});
