import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { addPerpetual, coCall, futuresTrader } from './support/futures-contract.ts';
import { call } from './support/margin-market.ts';
import { BOB } from './support/pages.ts';

/**
 * Screenshots kept in docs/screenshots (npm run screenshots): the futures pages of a trader who opened a futures
 * account and moved USDT into it, on a perpetual listed through the operator's command line: the contract trade
 * page (and its leverage dialog), the futures account, its ledger, the futures order centre and /futuresData, at
 * 1440x900 and 390x844, and the trade page and account in Chinese. Each size lists a contract of its own. Then a
 * position (and its TP/SL dialog), open orders and trigger orders (another trader's ask taken, bids resting) on the trade page,
 * in both languages, and the leverage dialog while holding (in Chinese a lowering the free balance cannot cover).
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

      // A position and open orders: the index at 100 USDT, Bob buys 200 contracts (worth 200 USDT) from another
      // trader's ask and leaves two bids below the book.
      await admin('price', 'set', '--coin', size.base, '--fiat', 'usd', '--price', '100');
      const makerContext = await browser.newContext();
      await futuresTrader(makerContext.request, 'fshots', '2000');
      const { contractList } = (await coCall(bob, 'common/public_info', {})) as {
        contractList: { id: number; contractName: string }[];
      };
      const contractId = contractList.find((c) => c.contractName === contract)?.id;
      const order = (request: typeof bob, side: 'BUY' | 'SELL', price: string, volume: string) =>
        coCall(request, 'order/order_create', {
          contractId,
          side,
          type: 1,
          price,
          volume,
          open: 'OPEN',
          positionType: 1,
        });
      await order(makerContext.request, 'SELL', '100.00', '200');
      await order(bob, 'BUY', '100.00', '200');
      await order(bob, 'BUY', '98.50', '50');
      await order(bob, 'BUY', '97.25', '120');
      await page.goto(`/proSwap/${contract}?lang=en_US`);
      const positions = page.getByRole('table', { name: 'Positions' });
      await expect(positions.getByRole('row').filter({ hasText: contract })).toBeVisible({ timeout: 20_000 });
      await shot(page, `proSwap-position-${size.name}.png`);
      await positions.getByRole('button', { name: 'TP/SL' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `proSwap-tpsl-${size.name}.png`, false);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: /^Open orders/ }).click();
      await expect(page.getByRole('row').filter({ hasText: '97.25' })).toBeVisible({ timeout: 20_000 });
      await shot(page, `proSwap-orders-${size.name}.png`);
      // A take-profit and a stop-loss on the position, among the trigger orders.
      await coCall(bob, 'order/order_tpsl_create', {
        contractId,
        side: 'SELL',
        orderList: [
          { triggerType: 2, type: 2, price: '0', volume: '200', triggerPrice: '110.00' },
          { triggerType: 1, type: 2, price: '0', volume: '200', triggerPrice: '95.00' },
        ],
      });
      await page.getByRole('tab', { name: /^Trigger orders/ }).click();
      await expect(page.getByRole('row').filter({ hasText: '110.00' })).toBeVisible({ timeout: 20_000 });
      await shot(page, `proSwap-triggers-${size.name}.png`);
      // The leverage changes while holding: the dialog over the position and orders.
      await page.getByTestId('leverage').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `proSwap-leverage-holding-${size.name}.png`, false);
      await page.keyboard.press('Escape');
      await page.goto(`/proSwap/${contract}?lang=zh_CN`);
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: contract }).first()).toBeVisible({
        timeout: 20_000,
      });
      await shot(page, `proSwap-position-zh_CN-${size.name}.png`);
      // With most of the free balance moved out, lowering the leverage to 1x is refused: the toast says why.
      const { accounts } = (await coCall(bob, 'account/account_balance', { marginCoin: 'USDT' })) as {
        accounts: { canUseAmount: string }[];
      };
      // The other size's run may have moved it out already (both share the trader).
      const free = BigInt((accounts[0]?.canUseAmount ?? '0').split('.')[0] as string) - 1n;
      if (free > 0n)
        await call(bob, 'contract/co_transfer', {
          transferType: 'contract_to_wallet',
          amount: String(free),
          coinSymbol: 'USDT',
        });
      await page.getByTestId('leverage').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('1');
      await dialog.getByRole('button', { name: '确认' }).click();
      await expect(page.getByText('调低杠杆所需的持仓和委托保证金超过了可用余额。')).toBeVisible();
      await shot(page, `proSwap-leverage-refused-zh_CN-${size.name}.png`, false);
      await makerContext.close();
      await context.close();
    });
  }
});
