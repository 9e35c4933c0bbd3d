import { expect, test } from '@playwright/test';
import { latestCodeFor } from './support/admin.ts';
import { closePopupWhenShown, logIn, verifyHuman } from './support/pages.ts';

test('a visitor registers with an e-mail code, then logs in and sees the account menu', async ({ page }) => {
  const email = `trader-${Date.now()}@example.com`;
  const password = 'Secret2026x';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await verifyHuman(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await latestCodeFor(email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  // The code request used the first proof; the form asks for a fresh one.
  await verifyHuman(page);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, { email, password });
  await closePopupWhenShown(page);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail or phone number').fill('nobody@example.com');
  await page.getByLabel('Password').fill('Wrong2026x');
  await verifyHuman(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The account or password is incorrect.');
});
