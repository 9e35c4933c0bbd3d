import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { addMarginPair, call, marginCard, spot, tradeAt } from './support/margin-market.ts';
import { ALICE, BOB } from './support/pages.ts';

/**
 * Isolated margin in the browser, on pairs of the tests' own (nothing else trades in them, so their index price is
 * where the tests' trades put it). Bob moves USDT into the pair's margin account, borrows, buys with leverage and sees
 * his risk rate follow the index live as Alice's trades move it; then repays all (nothing owed after). A second pair:
 * the price falls to the liquidation line and the page shows the account liquidated, live.
 */

/** Bob on the pair's margin trade page, logged in through the API; Alice's API context beside him. */
async function open(browser: Browser, base: string) {
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  await loginFromAnotherDevice(aliceContext.request, ALICE.email, ALICE.password);
  await loginFromAnotherDevice(bobContext.request, BOB.email, BOB.password);
  await addMarginPair(aliceContext.request, base);
  // A first trade prices the coin at 10 USDT.
  await tradeAt(aliceContext.request, bobContext.request, base, '10');
  const page = await bobContext.newPage();
  await page.goto(`/margin/${base}_USDT`);
  await expect(page.getByRole('heading', { name: `${base}/USDT`, exact: true })).toBeVisible({ timeout: 20_000 });
  return { alice: aliceContext.request, bob: bobContext.request, page, contexts: [aliceContext, bobContext] };
}

const figure = (page: Page, base: string, name: string) => marginCard(page, base).getByTestId(name);
const dialog = (page: Page) => page.getByRole('dialog');

async function closeAll(contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

test('transfer in, borrow, buy with leverage, risk follows the index live, repay all', async ({ browser }) => {
  test.setTimeout(150_000);
  const base = 'MRG';
  const { alice, bob, page, contexts } = await open(browser, base);
  const card = marginCard(page, base);
  await expect(figure(page, base, 'risk-rate')).toHaveText('--');

  // 100 USDT from the spot account into the pair's margin account, through the dialog.
  await card.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog(page).getByTestId('transfer-from')).toHaveText('Spot account');
  await dialog(page).getByLabel('Amount').fill('100');
  await dialog(page).getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(figure(page, base, 'total-USDT')).toHaveText(/^100\.0+$/);

  // Borrow 100 USDT: what is owed shows, and the risk rate (assets / debt) is 200%.
  await card.getByRole('button', { name: 'Borrow' }).click();
  await expect(dialog(page).getByTestId('borrow-max')).toHaveText(/^200\.0+ USDT$/);
  await dialog(page).getByLabel('Amount').fill('100');
  await dialog(page).getByRole('button', { name: 'Borrow', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(figure(page, base, 'borrowed-USDT')).toHaveText(/^100\.0+$/);
  await expect(figure(page, base, 'risk-rate')).toHaveText(/^\d+\.\d\d%$/);

  // Buy 19 MRG at 10 with the borrowed USDT (Alice's ask rests there): the margin account holds the coin.
  await spot(alice, base, 'SELL', '10', '19');
  const buy = page.getByRole('form', { name: `Buy ${base}` });
  await buy.getByLabel('Price').fill('10');
  await buy.getByLabel('Amount').fill('19');
  await buy.getByRole('button', { name: `Buy ${base}` }).click();
  await expect(figure(page, base, 'total-MRG')).toHaveText(/^18\.9/);
  await expect(figure(page, base, 'index-price')).toHaveText('10.0000');
  const before = await figure(page, base, 'risk-rate').textContent();

  // Alice and Bob's spot account trade at 12: the index moves, and the risk rate with it, without a reload.
  await tradeAt(alice, bob, base, '12');
  await expect(figure(page, base, 'index-price')).toHaveText('12.0000');
  await expect(figure(page, base, 'risk-rate')).not.toHaveText(before ?? '');
  const after = Number.parseFloat((await figure(page, base, 'risk-rate').textContent()) ?? '0');
  expect(after).toBeGreaterThan(Number.parseFloat(before ?? '0'));

  // Sell 10 MRG at 12 (Alice bids there) for the USDT to repay with, then repay the loan in full.
  await spot(alice, base, 'BUY', '12', '10');
  const sell = page.getByRole('form', { name: `Sell ${base}` });
  await sell.getByLabel('Price').fill('12');
  await sell.getByLabel('Amount').fill('10');
  await sell.getByRole('button', { name: `Sell ${base}` }).click();
  await expect(figure(page, base, 'available-USDT')).toHaveText(/^12\d\./);
  await card.getByRole('button', { name: 'Repay' }).click();
  await dialog(page).getByRole('button', { name: 'Repay all' }).click();
  // Principal and interest, exactly what the loan owes.
  const owed = (await dialog(page).getByTestId('repay-owed').textContent()) ?? '';
  await expect(dialog(page).getByLabel('Amount')).toHaveValue(owed.replace(/ USDT$/, '').replaceAll(',', ''));
  await dialog(page).getByRole('button', { name: 'Repay', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(figure(page, base, 'totalBorrow-USDT')).toHaveText(/^0\.0+$/);
  await expect(figure(page, base, 'risk-rate')).toHaveText('--');

  // The margin order centre: the leveraged buy among the pair's finished orders, with its fill.
  await page.goto('/order/leverageOrder');
  await page.getByRole('tab', { name: 'Order history' }).click();
  const bought = page
    .getByRole('row')
    .filter({ hasText: `${base}/USDT` })
    .filter({ hasText: 'Buy' })
    .first();
  await bought.getByRole('button', { name: 'Fills' }).click();
  const fill = page.getByRole('table', { name: 'Fills of the order' }).getByRole('row').nth(1);
  // 19 MRG at 10: 190 USDT of turnover.
  await expect(fill).toContainText(/19(\.0+)? MRG/);
  await expect(fill).toContainText('190.00 USDT');
  await closeAll(contexts);
});

test('the price falls to the liquidation line: the page shows the account liquidated, live', async ({ browser }) => {
  test.setTimeout(150_000);
  const base = 'MRL';
  const { alice, bob, page, contexts } = await open(browser, base);
  // Fixtures through the calls: 100 USDT in, 200 borrowed, 30 MRL bought at 10 on the margin account.
  const symbol = `${base}USDT`;
  await call(bob, 'lever/finance/transfer', {
    fromAccount: '1',
    toAccount: '2',
    amount: '100',
    coinSymbol: 'USDT',
    symbol,
  });
  await call(bob, 'lever/finance/borrow', { symbol, coin: 'USDT', amount: '200' });
  await spot(alice, base, 'SELL', '10', '30');
  await call(bob, 'lever/order/create', { side: 'BUY', type: 1, price: '10', volume: '30', symbol });
  await expect(figure(page, base, 'total-MRL')).toHaveText(/^29\.9/);
  await expect(figure(page, base, 'risk-rate')).toHaveText(/^1[45]\d\.\d\d%$/);
  await expect(page.getByTestId('margin-liquidated')).toBeHidden();

  // Alice bids 6.9 (the liquidation sells into it) and trades at 7 with Bob's spot account: about 30 × 7 / 200 is
  // under the 110% line, so the core liquidates within that price event.
  await spot(alice, base, 'BUY', '6.9', '40');
  await tradeAt(alice, bob, base, '7');
  await expect(page.getByTestId('margin-liquidated')).toBeVisible({ timeout: 20_000 });
  await expect(figure(page, base, 'totalBorrow-USDT')).toHaveText(/^0\.0+$/);
  await closeAll(contexts);
});
