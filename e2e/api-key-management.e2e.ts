import { expect, type Page, test } from '@playwright/test';
import { latestCodeFor } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { nextCodeAfter } from './support/code-gap.ts';
import { closePopupWhenShown, logIn, verifyHuman } from './support/pages.ts';

/**
 * A trader creates an API key on /personal/apiManagement (label, trade permission, IP whitelist checked as dotted
 * quads), confirms with an e-mail code, sees the secret once, opens the key on checkApi, and deletes it with a
 * second code. Codes to one address are one per CODE_RESEND_SECONDS, hence the waits.
 */
async function confirmWithEmailCode(page: Page, email: string, notBefore: number) {
  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await verifyHuman(page);
  await page.waitForTimeout(Math.max(0, notBefore - Date.now()));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel('E-mail code').fill(await latestCodeFor(email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  return nextCodeAfter();
}

test('a trader creates an API key with the second factor, sees its secret once, and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = await registerByApi(request, 'apikey');
  await logIn(page, account);
  await closePopupWhenShown(page);

  await page.goto('/personal/apiManagement');
  await page.getByLabel('Label').fill('grid bot');
  await page.getByRole('switch', { name: 'Allow trading (place and cancel orders)' }).click();
  const whitelist = page.getByLabel('IP whitelist');
  await whitelist.fill('1.2.3.4, 300.1.1.1');
  await whitelist.blur();
  await expect(page.getByText('Not a valid IPv4 address: 300.1.1.1')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByRole('dialog', { name: 'Security verification' })).toHaveCount(0);
  await whitelist.fill('1.2.3.4, 10.0.0.1');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const nextCodeAt = await confirmWithEmailCode(page, account.email, account.nextCodeAt);

  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created.getByText('it is shown only once')).toBeVisible();
  const apiKey = (await created.getByTestId('api-key').textContent())?.trim() ?? '';
  const secret = (await created.getByTestId('api-secret').textContent())?.trim() ?? '';
  expect(apiKey.length).toBeGreaterThan(16);
  expect(secret.length).toBeGreaterThan(16);
  await created.getByRole('button', { name: 'I have saved it' }).click();

  const row = page.getByRole('row').filter({ hasText: apiKey });
  await expect(row).toContainText('grid bot');
  await expect(row).toContainText('Read, Trade');
  await expect(row).toContainText('1.2.3.4,10.0.0.1');
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/personal\/checkApi\?id=\d+$/);
  await expect(page.getByLabel('Label')).toHaveValue('grid bot');
  await expect(page.getByLabel('IP whitelist')).toHaveValue('1.2.3.4, 10.0.0.1');
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await page.getByRole('row').filter({ hasText: apiKey }).getByRole('button', { name: 'Delete' }).click();
  await confirmWithEmailCode(page, account.email, nextCodeAt);
  await expect(page.getByRole('row').filter({ hasText: apiKey })).toHaveCount(0);
  await expect(page.getByText('No data')).toBeVisible();
});
