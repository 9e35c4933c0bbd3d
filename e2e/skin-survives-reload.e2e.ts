import { expect, test } from '@playwright/test';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a chosen skin is kept across reloads; closing the dialog discards a choice', async ({ page }) => {
  await page.goto('/footerPage/about');
  await expect(page.getByTestId('skin-button')).toBeVisible();
  const night = await background(page);

  await page.getByTestId('skin-button').click();
  await page.getByRole('radio', { name: 'Day' }).check();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await background(page)).toBe(night);

  await page.getByTestId('skin-button').click();
  await page.getByRole('radio', { name: 'Day' }).check();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Confirm' }).click()]);
  await expect(page.getByTestId('skin-button')).toBeVisible();
  const day = await background(page);
  expect(day).not.toBe(night);
  expect(day).toBe('rgb(250, 250, 250)');

  await page.reload();
  await expect(page.getByTestId('skin-button')).toBeVisible();
  expect(await background(page)).toBe('rgb(250, 250, 250)');
});
