import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { BOB } from './support/pages.ts';
import { openTradePage } from './support/trade-page.ts';

/**
 * Screenshots kept in docs/screenshots (npm run screenshots): the trade page as a visitor in Chinese and as a trader
 * with an open order, its depth chart, /market and /tradeMore, at 1440x900 and 390x844.
 */
test.describe('screenshots', () => {
  for (const size of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`trade page ${size.name}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const shoot = async (page: Page, name: string) => {
        const last = page
          .getByRole('region', { name: /Market summary|市场概况/ })
          .getByRole('paragraph')
          .first();
        await expect(last).not.toContainText('--', { timeout: 20_000 });
        // A full-page shot from the top, so the sticky header sits where a reader sees it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(import.meta.dirname, '../docs/screenshots', name), fullPage: true });
      };
      const viewport = { width: size.width, height: size.height };
      const visitor = await browser.newContext({ viewport });
      const page = await visitor.newPage();
      await page.goto('/trade/ETH_USDT?lang=zh_CN');
      // The phone shows one panel at a time: the visitor's shot shows the book, the trader's the chart.
      if (size.name === 'phone') await page.getByRole('tab', { name: '盘口' }).click();
      await expect(page.getByRole('list', { name: '卖单' }).getByRole('button').first()).toBeAttached({
        timeout: 30_000,
      });
      await shoot(page, `trade-visitor-zh_CN-${size.name}.png`);
      await visitor.close();
      const context = await browser.newContext({ viewport });
      const bob = await openTradePage(context, BOB, 'BTC_USDT');
      // A buy far under the market (worth 10 USDT: the demo's least order value is 5) rests, so the open-orders
      // table has a row to show.
      if (size.name === 'phone') await bob.getByRole('tab', { name: 'Buy', exact: true }).click();
      const buy = bob.getByRole('form', { name: 'Buy BTC' });
      await buy.getByLabel('Price').fill('1000');
      await buy.getByLabel('Amount').fill('0.01');
      await buy.getByRole('button', { name: 'Buy BTC' }).click();
      // At least one: the desktop and phone flows run side by side as the same trader.
      await expect(
        bob.getByTestId('open-orders').getByRole('row').filter({ hasText: '1,000.00' }).first(),
      ).toBeVisible();
      await shoot(bob, `trade-${size.name}.png`);
      await bob.getByRole('tab', { name: 'Depth' }).click();
      await shoot(bob, `trade-depth-${size.name}.png`);
      // The market page and the multi-chart page, as the same trader sees them.
      await bob.goto('/market');
      await expect(bob.getByRole('link', { name: /BTC\/USDT/ }).first()).toBeVisible({ timeout: 20_000 });
      await bob.waitForTimeout(1500);
      await bob.screenshot({
        path: path.join(import.meta.dirname, '../docs/screenshots', `market-trader-${size.name}.png`),
      });
      await bob.goto('/tradeMore');
      await expect(bob.getByRole('region', { name: 'Chart 1' }).getByRole('img')).toBeVisible({ timeout: 20_000 });
      await bob.waitForTimeout(2500);
      await bob.screenshot({
        path: path.join(import.meta.dirname, '../docs/screenshots', `tradeMore-${size.name}.png`),
      });
      await context.close();
    });
  }
});
