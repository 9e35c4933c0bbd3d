import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { addPerpetual, coCall } from './support/futures-contract.ts';
import { call } from './support/margin-market.ts';
import { BOB } from './support/pages.ts';

/**
 * Screenshots kept in docs/screenshots (npm run screenshots): the futures pages of a trader who opened a futures
 * account and moved USDT into it, on a perpetual listed through the operator's command line: the contract trade
 * page (and its leverage dialog), the futures account, its ledger, the futures order centre and /futuresData, at
 * 1440x900 and 390x844, and the trade page and account in Chinese. Each size lists a contract of its own.
 */
test.describe('screenshots', () => {
  for (const size of [
    { name: 'desktop', width: 1440, height: 900, base: 'FSD' },
    { name: 'phone', width: 390, height: 844, base: 'FSP' },
  ]) {
    test(`futures pages ${size.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const contract = await addPerpetual(size.base);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const bob = context.request;
      await loginFromAnotherDevice(bob, BOB.email, BOB.password);
      await admin(
        ...['credit', '--user', BOB.email, '--coin', 'USDT', '--amount', '2000', '--reason', 'futures shots'],
      );
      await coCall(bob, 'user/create_co_id', {});
      await call(bob, 'contract/co_transfer', {
        transferType: 'wallet_to_contract',
        amount: '750',
        coinSymbol: 'USDT',
      });

      const shot = async (page: Page, name: string, fullPage = true) => {
        await page.waitForTimeout(1200);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(import.meta.dirname, '../docs/screenshots', name), fullPage });
      };
      const page = await context.newPage();
      await page.goto(`/proSwap/${contract}`);
      await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 20_000 });
      await expect(page.getByTestId('leverage')).toBeVisible({ timeout: 20_000 });
      await shot(page, `proSwap-${size.name}.png`);
      await page.getByTestId('leverage').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `proSwap-leverage-${size.name}.png`, false);
      await page.keyboard.press('Escape');
      await page.goto('/assets/coAccount');
      await expect(page.getByRole('row').filter({ hasText: 'USDT' }).first()).toBeVisible({ timeout: 20_000 });
      await shot(page, `coAccount-${size.name}.png`);
      await page.goto('/assets/coFlowingWater');
      await expect(page.getByText('Transfer in').first()).toBeVisible({ timeout: 20_000 });
      await shot(page, `coFlowingWater-${size.name}.png`);
      await page.goto('/order/coOrder');
      await shot(page, `coOrder-${size.name}.png`);
      await page.goto('/futuresData');
      await expect(page.getByRole('row').filter({ hasText: '50x' })).toBeVisible({ timeout: 20_000 });
      await shot(page, `futuresData-${size.name}.png`);
      // The second language.
      await page.goto(`/proSwap/${contract}?lang=zh_CN`);
      await expect(page.getByTestId('leverage')).toBeVisible({ timeout: 20_000 });
      await shot(page, `proSwap-zh_CN-${size.name}.png`);
      await page.goto('/assets/coAccount?lang=zh_CN');
      await expect(page.getByRole('row').filter({ hasText: 'USDT' }).first()).toBeVisible({ timeout: 20_000 });
      await shot(page, `coAccount-zh_CN-${size.name}.png`);
      await context.close();
    });
  }
});
