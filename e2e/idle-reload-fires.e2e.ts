import { expect, test } from '@playwright/test';

test('after more than 7200 s without activity the page reloads', async ({ page }) => {
  await page.clock.install();
  await page.goto('/footerPage/about');
  await expect(page.locator('h1')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.clock.runFor(7_000_000);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await Promise.all([page.waitForEvent('load'), page.clock.runFor(202_000)]);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('activity keeps the page from reloading', async ({ page }) => {
  await page.clock.install();
  await page.goto('/footerPage/about');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.clock.runFor(7_000_000);
  await page.mouse.move(200, 200);
  await page.clock.runFor(1_000);
  await page.clock.runFor(7_000_000);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});
