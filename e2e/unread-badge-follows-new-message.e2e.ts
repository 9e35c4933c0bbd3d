import { expect, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { BOB, closePopupWhenShown, logIn } from './support/pages.ts';

test('the unread badge follows a new message within one 15 s poll', async ({ page, playwright, baseURL }) => {
  await page.clock.install();
  await logIn(page, BOB);
  await closePopupWhenShown(page);
  const badge = page.getByTestId('unread-badge');
  const before = Number((await badge.textContent({ timeout: 2_000 }).catch(() => '0')) || '0');

  // A login from another device writes a security message to the user.
  const device = await playwright.request.newContext({ baseURL, userAgent: `e2e-device-${Date.now()}` });
  await loginFromAnotherDevice(device, BOB.email, BOB.password);
  await device.dispose();

  await page.clock.runFor(15_000);
  await expect(badge).toHaveText(String(before + 1));

  await page.goto('/mesage');
  await expect(page.getByTestId('message-list')).toContainText('Login from a new device');
});
