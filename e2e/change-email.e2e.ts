import { expect, test } from '@playwright/test';
import { latestCodeFor } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { closePopupWhenShown, logIn, verifyHuman } from './support/pages.ts';

/**
 * A trader changes the account's e-mail on /personal/changeEmail: the new address proves itself with a code sent
 * to it, the account with a code to the old address (the second-factor dialog).
 */
test('a trader changes the bound e-mail with codes to the new and the old address', async ({ page, request }) => {
  test.setTimeout(150_000);
  const account = await registerByApi(request, 'mover');
  const newEmail = account.email.replace('mover-', 'nuevo-');
  await logIn(page, account);
  await closePopupWhenShown(page);

  await page.goto('/personal/changeEmail');
  await page.getByLabel('New e-mail', { exact: true }).fill(newEmail);
  await verifyHuman(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Code sent to the new e-mail').fill(await latestCodeFor(newEmail));
  await page.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await expect(dialog.getByText(/The code goes to mo\*+@example\.com/)).toBeVisible();
  await verifyHuman(page);
  await page.waitForTimeout(Math.max(0, account.nextCodeAt - Date.now()));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel('E-mail code').fill(await latestCodeFor(account.email));
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('region', { name: 'E-mail' })).toContainText('nu***@example.com');
  await page.goto('/personal/safetyRecord');
  await page.getByRole('tab', { name: 'Security changes' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'E-mail changed' })).toHaveCount(1);
});
