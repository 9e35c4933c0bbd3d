import { expect, test } from '@playwright/test';

test('the home pop-up shows once, and not again after it was closed', async ({ page }) => {
  await page.goto('/');
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await expect(popup).toBeHidden();
  const seen = (await page.context().cookies()).find((c) => c.name === 'homePopupSeen');
  expect(decodeURIComponent(seen?.value ?? '')).toMatch(/^\["\d+_\d+"\]$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('following the pop-up’s call to action remembers it as closing does', async ({ page }) => {
  await page.goto('/');
  const popup = page.getByRole('dialog');
  await popup.getByRole('button', { name: 'Start trading' }).click();
  await expect(page).toHaveURL(/\/trade$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the pop-up is only on the home page', async ({ page }) => {
  await page.goto('/noticeInfo');
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
