import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { registerByApi } from './support/api-register.ts';
import { addPerpetual } from './support/futures-contract.ts';

/**
 * A new trader on a contract listed through the operator's command line: the trade page asks them to open a futures
 * account, then offers leverage and margin mode (both saved on the server), moves USDT in from the exchange account,
 * and the futures ledger shows the transfer.
 */
test('a new trader opens a futures account, sets leverage and margin mode, and moves USDT in', async ({ browser }) => {
  test.setTimeout(120_000);
  const contract = await addPerpetual('FOA');
  const context = await browser.newContext();
  const trader = await registerByApi(context.request, 'futures');
  await loginFromAnotherDevice(context.request, trader.email, trader.password);
  await admin(...['credit', '--user', trader.email, '--coin', 'USDT', '--amount', '300', '--reason', 'futures e2e']);
  const page = await context.newPage();

  // /proSwap names the lowest-sorted listed contract in the path (the demo's sort before the tests' own); then the
  // test's own contract, whose brackets it checks.
  await page.goto('/proSwap');
  await expect(page).toHaveURL(/\/proSwap\/[A-Z]+-[A-Z0-9]+-[A-Z]+$/);
  await page.goto(`/proSwap/${contract}`);
  await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
  const prompt = page.getByTestId('open-co-account');
  await prompt.getByRole('button', { name: 'Open account' }).click();
  await expect(prompt).toBeHidden();

  await page.getByTestId('leverage').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '10x' }).click();
  await expect(dialog.getByTestId('leverage-cap')).toHaveText(
    'At 10x a position may be worth at most 250,000.00 USDT.',
  );
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('leverage')).toHaveText('10x');

  await page.getByTestId('margin-model').click();
  await page.getByRole('dialog').getByText('Isolated', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('margin-model')).toHaveText('Isolated');

  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const transfer = page.getByRole('dialog');
  await expect(transfer.getByTestId('co-transfer-from')).toHaveText('Exchange account');
  await expect(transfer.getByTestId('co-transfer-max')).toHaveText('300.00 USDT');
  await transfer.getByLabel('Amount').fill('120');
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(transfer).toBeHidden();
  await expect(page.getByTestId('co-account-available')).toHaveText('120.00');
  await expect(page.getByTestId('co-available')).toHaveText('120.00 USDT');

  await page.goto('/assets/coFlowingWater');
  await expect(page.getByRole('row').filter({ hasText: 'Transfer in' })).toContainText('+120');
  await context.close();
});
