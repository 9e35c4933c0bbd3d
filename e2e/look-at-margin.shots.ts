import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { addMarginPair, call, spot, tradeAt } from './support/margin-market.ts';
import { ALICE, BOB } from './support/pages.ts';

/**
 * Screenshots kept in docs/screenshots (npm run screenshots): the margin pages of a trader with a margin account in
 * use (money moved in, a loan, a resting order, a repayment): the margin trade page and its Transfer / Borrow / Repay
 * dialogs, the margin accounts, loans (one opened to its repayments), transfers and margin orders, at 1440x900 and
 * 390x844, and the trade page and accounts in Chinese. Each size has a pair of its own (they run side by side).
 */
test.describe('screenshots', () => {
  for (const size of [
    { name: 'desktop', width: 1440, height: 900, base: 'MRD' },
    { name: 'phone', width: 390, height: 844, base: 'MRP' },
  ]) {
    test(`margin pages ${size.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { base } = size;
      const symbol = `${base}USDT`;
      const viewport = { width: size.width, height: size.height };
      const aliceContext = await browser.newContext();
      const context = await browser.newContext({ viewport });
      const alice = aliceContext.request;
      const bob = context.request;
      await loginFromAnotherDevice(alice, ALICE.email, ALICE.password);
      await loginFromAnotherDevice(bob, BOB.email, BOB.password);
      await addMarginPair(alice, base);
      // A few trades for the chart and the trades panel, then Bob's margin account in use.
      for (const price of ['10', '10.4', '10.2', '10.8', '10.6']) await tradeAt(alice, bob, base, price);
      await call(bob, 'lever/finance/transfer', {
        fromAccount: '1',
        toAccount: '2',
        amount: '500',
        coinSymbol: 'USDT',
        symbol,
      });
      await call(bob, 'lever/finance/borrow', { symbol, coin: 'USDT', amount: '400' });
      await spot(alice, base, 'SELL', '10.6', '40');
      await call(bob, 'lever/order/create', { side: 'BUY', type: 1, price: '10.6', volume: '40', symbol });
      await call(bob, 'lever/order/create', { side: 'BUY', type: 1, price: '9.5', volume: '10', symbol });
      const loans = (await call(bob, 'lever/borrow/new', { symbol, page: 1, pageSize: 10 })) as {
        financeList: { id: number }[];
      };
      await call(bob, 'lever/finance/return', { id: loans.financeList[0]?.id, amount: '50' });
      await spot(bob, base, 'SELL', '11.5', '1');
      await spot(alice, base, 'BUY', '9.8', '5');

      const shot = async (page: Page, name: string, fullPage = true) => {
        await page.waitForTimeout(1200);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(import.meta.dirname, '../docs/screenshots', name), fullPage });
      };
      const page = await context.newPage();
      await page.goto(`/margin/${base}_USDT`);
      const card = page.getByTestId(`margin-pair-${symbol}`);
      await expect(card.getByTestId('risk-rate')).toHaveText(/%$/, { timeout: 20_000 });
      await expect(page.getByTestId('open-orders').getByRole('row').filter({ hasText: '9.5' })).toBeVisible();
      await shot(page, `margin-${size.name}.png`);
      for (const [action, name] of [
        ['Transfer', 'transfer'],
        ['Borrow', 'borrow'],
        ['Repay', 'repay'],
      ] as const) {
        await card.getByRole('button', { name: action, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        if (name === 'repay') await dialog.getByRole('button', { name: 'Repay all' }).click();
        await shot(page, `margin-${name}-${size.name}.png`, false);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await page.goto('/assets/leverageAccount');
      await expect(page.getByTestId(`margin-pair-${symbol}`)).toBeVisible({ timeout: 20_000 });
      await shot(page, `leverageAccount-${size.name}.png`);
      await page.goto(`/assets/leverageToLoan?symbol=${symbol}`);
      await page.getByRole('button', { name: 'Repayments' }).first().click();
      await expect(page.getByText('Repaid by you')).toBeVisible();
      await shot(page, `leverageToLoan-${size.name}.png`);
      await page.goto('/assets/lerverageFlowingWater');
      await expect(page.getByText('Into margin').first()).toBeVisible({ timeout: 20_000 });
      await shot(page, `lerverageFlowingWater-${size.name}.png`);
      await page.goto('/order/leverageOrder');
      await page.getByRole('tab', { name: 'Order history' }).click();
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: `${base}/USDT` })
          .first(),
      ).toBeVisible({ timeout: 20_000 });
      await shot(page, `leverageOrder-${size.name}.png`);
      // The second language.
      await page.goto(`/margin/${base}_USDT?lang=zh_CN`);
      await expect(page.getByTestId(`margin-pair-${symbol}`).getByTestId('risk-rate')).toHaveText(/%$/, {
        timeout: 20_000,
      });
      await shot(page, `margin-zh_CN-${size.name}.png`);
      await page.goto('/assets/leverageAccount?lang=zh_CN');
      await expect(page.getByTestId(`margin-pair-${symbol}`)).toBeVisible({ timeout: 20_000 });
      await shot(page, `leverageAccount-zh_CN-${size.name}.png`);
      await context.close();
      await aliceContext.close();
    });
  }
});
