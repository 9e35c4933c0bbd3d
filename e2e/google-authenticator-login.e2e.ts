import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { latestCodeFor } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { closePopupIfShown, logIn, verifyHuman } from './support/pages.ts';

/**
 * A trader binds Google authenticator on /personal/bindGoogle (codes computed from the secret shown as text),
 * makes it the login verification, logs out and back in through the Google step, and finds the binding on
 * userManagement and the rows in safetyRecord, then unbinds it. With SCREENSHOTS=1 the three pages are
 * photographed at desktop and phone sizes into .screenshots/.
 */
const shots = path.join(import.meta.dirname, '../.screenshots');
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function photograph(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `personal-${name}-${size.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** TOTP codes are single-use per 30 s step (replay-proof), so each use waits for a step not used before. */
function authenticator(secret: string) {
  let lastStep = -1;
  return async () => {
    while (Math.floor(Date.now() / 30_000) <= lastStep) await new Promise((r) => setTimeout(r, 500));
    lastStep = Math.floor(Date.now() / 30_000);
    return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  };
}

test('a trader binds Google authenticator, logs in with it, and sees it in the security centre', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = await registerByApi(request, 'google');
  await logIn(page, account);
  await closePopupIfShown(page);

  await page.goto('/personal/userManagement');
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await photograph(page, 'userManagement-before');

  await page.goto('/personal/bindGoogle');
  const secret = (await page.getByTestId('google-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  await photograph(page, 'bindGoogle');
  const nextCode = authenticator(secret);

  await page.getByRole('button', { name: 'Verify and bind' }).click();
  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await verifyHuman(page);
  await page.waitForTimeout(Math.max(0, account.nextCodeAt - Date.now()));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel('E-mail code').fill(await latestCodeFor(account.email));
  await dialog.getByLabel('Google authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('link', { name: 'Unbind' })).toBeVisible();

  // Login asks for Google once the trader chooses it (the exchange does not enforce it here).
  await page.goto('/personal/modifySettings');
  await page.getByRole('radio', { name: 'Google authenticator' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await dialog.getByLabel('Google authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/personal\/setUp$/);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.locator('input[autocomplete="username"]').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await verifyHuman(page);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Verification code').fill(await nextCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Logged in again: back where the logout happened, with the account menu.
  await expect(page).toHaveURL(/\/personal\/setUp$/);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  await page.goto('/personal/userManagement');
  await expect(page.getByRole('region', { name: 'Google authenticator' })).toContainText('Bound');
  await expect(page.getByRole('region', { name: 'Login verification' })).toContainText('Google authenticator');
  await expect(page.getByRole('link', { name: 'Unbind' })).toHaveAttribute('href', /\/personal\/closeGoogle$/);
  await photograph(page, 'userManagement');

  await page.goto('/personal/safetyRecord');
  const logins = page.getByRole('row').filter({ hasText: 'Success' });
  await expect(logins).toHaveCount(2);
  await photograph(page, 'safetyRecord-logins');
  await page.getByRole('tab', { name: 'Security changes' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Google authenticator bound' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Login verification changed' })).toHaveCount(1);
  await photograph(page, 'safetyRecord');

  // Unbinding takes a code of the bound authenticator; login stops asking for it.
  await page.goto('/personal/closeGoogle');
  await page.getByRole('button', { name: 'Unbind' }).click();
  await dialog.getByLabel('Google authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('region', { name: 'Google authenticator' })).toContainText('Not bound');
  await expect(page.getByRole('region', { name: 'Login verification' })).toContainText('None');
});
