import { expect, type Page, test } from '@playwright/test';
import { latestCodeFor } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { nextCodeAfter } from './support/code-gap.ts';
import { closePopupWhenShown, logIn, verifyHuman } from './support/pages.ts';

/**
 * An e-mail account binds a phone on /personal/bindPhone (country code picked from the list, a code to the new
 * phone, the e-mail as second factor), then turns phone verification off on closePhone with an SMS code chosen in
 * the second-factor dialog. Codes to one address are one per CODE_RESEND_SECONDS, hence the waits.
 */
async function sendCodeIn(page: Page, scope: ReturnType<Page['getByRole']> | Page, notBefore = 0) {
  await verifyHuman(page);
  await page.waitForTimeout(Math.max(0, notBefore - Date.now()));
  await scope.getByRole('button', { name: 'Send code' }).click();
  await expect(scope.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  return nextCodeAfter();
}

test('a trader binds a phone, then turns phone verification off with an SMS code', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = await registerByApi(request, 'phone');
  const mobile = `77${String(Date.now()).slice(-8)}`;
  await logIn(page, account);
  await closePopupWhenShown(page);

  await page.goto('/personal/bindPhone');
  await page.getByRole('combobox', { name: 'Country code' }).click();
  await page.getByPlaceholder('Search country or code').fill('United Kingdom');
  await page.getByRole('option', { name: /United Kingdom \+44/ }).click();
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveText(/United Kingdom \+44/);
  await page.getByLabel('New phone number').fill(mobile);
  const phoneCodeAgainAt = await sendCodeIn(page, page);
  await page.getByLabel('Code sent to the new phone').fill(await latestCodeFor(`44${mobile}`));
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await sendCodeIn(page, dialog, account.nextCodeAt);
  await dialog.getByLabel('E-mail code').fill(await latestCodeFor(account.email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('region', { name: 'Phone', exact: true })).toContainText('+44');
  await expect(page.getByRole('region', { name: 'Phone verification' })).toContainText('On');

  await page.getByRole('region', { name: 'Phone verification' }).getByRole('link', { name: 'Turn off' }).click();
  await expect(page).toHaveURL(/\/personal\/closePhone$/);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByRole('tab', { name: 'Phone' }).click();
  await sendCodeIn(page, dialog, phoneCodeAgainAt);
  await dialog.getByLabel('SMS code').fill(await latestCodeFor(`44${mobile}`));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('region', { name: 'Phone verification' })).toContainText('Off');
});
