import { expect, test } from '@playwright/test';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '175.45.176.1' } });

test('a visitor from a restricted country lands on serviceLimit, which names the countries', async ({ page }) => {
  await page.goto('/footerPage/about');
  await expect(page).toHaveURL(/\/serviceLimit$/);
  await expect(page.getByTestId('service-limit')).toContainText('North Korea');
  expect(await page.evaluate(() => sessionStorage.getItem('LimitCountryNames'))).toContain('North Korea');
});
