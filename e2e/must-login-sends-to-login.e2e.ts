import { expect, test } from '@playwright/test';

test('a visitor opening a login-only page lands on /login', async ({ page }) => {
  await page.goto('/mesage');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('an account page is guarded; a product not built yet has no page, its path goes home', async ({ page }) => {
  await page.goto('/assets/exchangeAccount');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/mining');
  await expect(page).toHaveURL(/\/$/);
});

test('unknown paths go to the root, /personal to the account page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/login$/);
});
