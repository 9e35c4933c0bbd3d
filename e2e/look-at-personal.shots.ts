import path from 'node:path';
import { test } from '@playwright/test';
import { registerByApi } from './support/api-register.ts';
import { closePopupWhenShown, logIn } from './support/pages.ts';

/**
 * Screenshots of the security centre for a person to look at (npm run screenshots): a fresh account's pages at 1440x900
 * and 390x844 into .screenshots/ (git-ignored). The Google and safety-record pages are photographed by
 * google-authenticator-login.e2e.ts, where they have content.
 */

const pages = [
  'changePassword',
  'bindPhone',
  'changeEmail',
  'idAuth',
  'apiManagement',
  'inviteCodeManagement',
  'leaglTenderSet',
  'setUp',
  'modifySettings',
  'closeGoogle',
];
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

test('screenshots of the security centre', async ({ page, request }) => {
  test.setTimeout(120_000);
  await logIn(page, await registerByApi(request, 'look'));
  await closePopupWhenShown(page);
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const name of pages) {
      await page.goto(`/personal/${name}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(import.meta.dirname, '../.screenshots', `personal-${name}-${size.name}.png`),
        fullPage: true,
      });
    }
    await page.goto('/personal/modifySettings');
    await page.getByRole('radio', { name: 'E-mail code' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({
      path: path.join(import.meta.dirname, '../.screenshots', `personal-dialog-${size.name}.png`),
    });
  }
  // The longest words are not English ones: the overview in Vietnamese and Simplified Chinese at phone size.
  for (const lang of ['vi_VN', 'zh_CN']) {
    await page.goto(`/personal/userManagement?lang=${lang}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({
      path: path.join(import.meta.dirname, '../.screenshots', `personal-userManagement-${lang}-phone.png`),
      fullPage: true,
    });
  }
});
