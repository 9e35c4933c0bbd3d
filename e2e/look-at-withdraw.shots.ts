import path from 'node:path';
import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE } from './support/pages.ts';

/**
 * Screenshots of the withdraw pages for a person to look at (npm run screenshots): the withdraw form with a checked
 * address, a refused one, the second-factor dialog, and the address book, at 1440x900 and 390x844, in English and
 * Simplified Chinese, into .screenshots/.
 */

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const GOOD = 'bcrt1qqqx35fe5g989k6r4s28ee2dkc0gdm6hhy5dtxh';
const shot = (name: string) => path.join(import.meta.dirname, '../.screenshots', `${name}.png`);

test.beforeAll(async () => {
  await admin('credit', '--user', ALICE.email, '--coin', 'BTC', '--amount', '3', '--reason', 'screenshots');
});

for (const lang of ['en_US', 'zh_CN']) {
  for (const size of sizes) {
    test(`withdraw screenshots ${lang} ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.context().addCookies([{ name: 'lan', value: lang, url: process.env.E2E_BASE_URL ?? '' }]);
      await loginFromAnotherDevice(page.context().request, ALICE.email, ALICE.password);
      await page.goto('/assets/withdraw?symbol=BTC');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot(`withdraw-${lang}-${size.name}`), fullPage: true });

      const address = page.getByRole('textbox', { name: lang === 'en_US' ? 'Address' : '地址', exact: true });
      await address.fill(`${GOOD.slice(0, -1)}j`);
      await page.getByRole('textbox', { name: lang === 'en_US' ? /Amount/ : /到账数量/ }).fill('0.0001');
      await page
        .getByRole('button', { name: lang === 'en_US' ? 'Withdraw' : '提币', exact: true })
        .last()
        .click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: shot(`withdraw-refused-${lang}-${size.name}`), fullPage: true });

      await address.fill(GOOD);
      await page.getByRole('textbox', { name: lang === 'en_US' ? /Amount/ : /到账数量/ }).fill('0.25');
      await expect(
        page.getByRole('img', { name: lang === 'en_US' ? 'Checksum verified' : '校验和已验证' }),
      ).toBeVisible();
      await page
        .getByRole('button', { name: lang === 'en_US' ? 'Withdraw' : '提币', exact: true })
        .last()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`withdraw-factor-${lang}-${size.name}`) });
      await page.keyboard.press('Escape');

      await page.goto('/assets/addressMent');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot(`address-book-${lang}-${size.name}`), fullPage: true });
    });
  }
}
