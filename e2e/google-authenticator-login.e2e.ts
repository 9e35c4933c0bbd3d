import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { latestCodeFor } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { closePopupWhenShown, logIn, verifyHuman } from './support/pages.ts';

/**
 * A trader binds Google authenticator on /personal/bindGoogle (codes computed from the secret shown as text),
 * which becomes the login verification at once, logs out and back in through the Google step, and finds the binding on
 * userManagement and the rows in safetyRecord, creates an API key confirmed with a Google code (secret shown once,
 * key in the list), then unbinds Google. With SCREENSHOTS=1 the pages are photographed at desktop and phone sizes
 * into .screenshots/.
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

/**
 * Codes of the shown secret, each of a step not used before (the server refuses a step, or an older one, once one
 * was accepted). The server accepts a code one step either side of its clock, as authenticator apps drift, so a
 * code of step s is good from the start of step s-1 to the end of step s+1: three codes fit in one 30 s window
 * (previous, current, next step) and only a fourth waits for the next window. Each code is picked so that it stays
 * good for at least MARGIN_MS after it is computed (typing and the round trip).
 */
const STEP_MS = 30_000;
const MARGIN_MS = 8_000;
function authenticator(secret: string) {
  let lastStep = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = Date.now();
    // The oldest step still good MARGIN_MS from now, but never one already spent.
    const step = Math.max(lastStep + 1, Math.floor((now + MARGIN_MS) / STEP_MS) - 1);
    const goodFrom = (step - 1) * STEP_MS;
    if (now < goodFrom) await new Promise((r) => setTimeout(r, goodFrom - now + 200));
    lastStep = step;
    return generate({ secret, epoch: (step * STEP_MS) / 1000 });
  };
}

test('a trader binds Google authenticator, logs in with it, creates an API key with it, and sees it in the security centre', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = await registerByApi(request, 'google');
  await logIn(page, account);
  await closePopupWhenShown(page);

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

  // Once Google is bound, login asks for it: the login verification now says so, and "none" is no longer offered.
  await page.goto('/personal/modifySettings');
  await expect(page.getByRole('radio', { name: 'Google authenticator' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'None' })).toHaveCount(0);
  await page.goto('/personal/setUp');

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
  if (process.env.SCREENSHOTS) {
    // The account menu names the identity verification state; idAuth shows the form kyc/config describes.
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu')).toContainText('Identity verification: Not verified');
    await page.screenshot({ path: path.join(shots, 'personal-userMenu-desktop.png') });
    await page.keyboard.press('Escape');
    await page.goto('/personal/idAuth');
    await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
    await photograph(page, 'idAuth');
  }

  await page.goto('/personal/safetyRecord');
  const logins = page.getByRole('row').filter({ hasText: 'Success' });
  await expect(logins).toHaveCount(2);
  await photograph(page, 'safetyRecord-logins');
  await page.getByRole('tab', { name: 'Security changes' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Google authenticator bound' })).toHaveCount(1);
  await photograph(page, 'safetyRecord');

  // An API key, confirmed with the Google code (the only factor once Google is bound): its secret shows once.
  await page.goto('/personal/apiManagement');
  await page.getByLabel('Label').fill('google bot');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(dialog.getByLabel('E-mail code')).toHaveCount(0);
  await dialog.getByLabel('Google authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created.getByText('it is shown only once')).toBeVisible();
  const apiKey = (await created.getByTestId('api-key').textContent())?.trim() ?? '';
  const apiSecret = (await created.getByTestId('api-secret').textContent())?.trim() ?? '';
  expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(apiSecret).toMatch(/^[A-Za-z0-9]{64}$/);
  await photograph(page, 'apiManagement-created');
  await created.getByRole('button', { name: 'I have saved it' }).click();
  const keyRow = page.getByRole('row').filter({ hasText: apiKey });
  await expect(keyRow).toContainText('google bot');
  await expect(keyRow).toContainText('Read');
  await expect(page.getByText(apiSecret)).toHaveCount(0);
  await photograph(page, 'apiManagement');

  // Unbinding takes a code of the bound authenticator; login stops asking for it.
  await page.goto('/personal/closeGoogle');
  await page.getByRole('button', { name: 'Unbind' }).click();
  await dialog.getByLabel('Google authenticator code').fill(await nextCode());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/personal\/userManagement$/);
  await expect(page.getByRole('region', { name: 'Google authenticator' })).toContainText('Not bound');
  await expect(page.getByRole('region', { name: 'Login verification' })).toContainText('None');
});
