import { expect, test } from '@playwright/test';

test('a toast appears and leaves after 3 s by itself', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto('/footerPage/about');
  await expect(page.locator('footer button').first()).toBeVisible();
  // Stop the page's clock, so only runFor moves time on.
  await page.clock.pauseAt(Date.now() + 5_000);
  // The footer's copy-type link (type 3) confirms with a toast.
  const copyLink = page.locator('footer button').first();
  await copyLink.click();
  const toast = page.getByText(/^Copied: /);
  await expect(toast).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast).toBeHidden();
});
