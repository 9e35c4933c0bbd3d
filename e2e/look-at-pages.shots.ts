import path from 'node:path';
import { test } from '@playwright/test';
import { BOB, logIn } from './support/pages.ts';

/**
 * Screenshots for a person to look at (npm run screenshots): home, login, register, a footer page and
 * messages, at 1440x900 and 390x844, in English and Simplified Chinese, into .screenshots/ (git-ignored).
 */

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const pages = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'footer-fees', path: '/footerPage/fees' },
  { name: 'messages', path: '/mesage' },
];

for (const lang of ['en_US', 'zh_CN']) {
  for (const size of sizes) {
    test(`screenshots ${lang} ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/?lang=${lang}`);
      for (const shot of pages) {
        if (shot.name === 'messages') await logIn(page, BOB, lang);
        await page.goto(shot.path);
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(import.meta.dirname, '../.screenshots', `${shot.name}-${lang}-${size.name}.png`),
        });
        if (shot.name === 'home') await page.keyboard.press('Escape');
      }
    });
  }
}
