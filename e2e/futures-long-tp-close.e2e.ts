import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { addPerpetual, coCall, futuresTrader } from './support/futures-contract.ts';

/**
 * A trader's futures round trip in the browser, against traders of the test's own on a contract of its own: a 10x
 * isolated long opened from /proSwap's order form, its unrealised PnL following the price live as two other traders
 * trade and the operator moves the index, margin added through the position's dialog (the liquidation price moves
 * away), a funding the operator settles while it is open, a take-profit set in its TP/SL dialog that fires when the
 * price crosses it and closes the position, and the ledger's fees, funding and PnL.
 *
 * The contract: 1 base coin a contract, prices at 1 decimal, maker fee 0.02%, taker fee 0.05%, maintenance 1% in
 * its first bracket. Its prices stay under 10.0: the demo market maker leaves a book whose price is under 100 ticks
 * alone (market-maker.ts, marketState), so nothing trades here but the test's traders and every figure is exact.
 */

const order = (request: APIRequestContext, contractId: number, side: 'BUY' | 'SELL', price: string, volume: string) =>
  coCall(request, 'order/order_create', {
    contractId,
    side,
    type: 1,
    price,
    volume,
    open: 'OPEN',
    positionType: 1,
    isConditionOrder: false,
  });

/** The position row of a contract, and one of its cells by its column's title. */
const positionRow = (page: Page, contract: string) =>
  page.getByRole('table', { name: 'Positions' }).getByRole('row').filter({ hasText: contract });
const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

test('a 10x long follows the price live, takes margin, pays funding, and closes at its take-profit; the ledger shows fees, funding and PnL', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const base = 'FLT';
  const contract = await addPerpetual(base, { multiplier: '1', pricePrecision: '1', depth: '1,0', priceRange: '0.2' });
  // The index: FLT at 5 US dollars, USDT at 1 (the demo's peg), so 5.0 USDT; the mark is the index until a trade.
  await admin('price', 'set', '--coin', base, '--fiat', 'usd', '--price', '5');
  const makerContext = await browser.newContext();
  const moverContext = await browser.newContext();
  const traderContext = await browser.newContext();
  const maker = makerContext.request;
  const mover = moverContext.request;
  const trader = traderContext.request;
  await futuresTrader(maker, 'fmaker', '2000');
  await futuresTrader(mover, 'fmover', '2000');
  await futuresTrader(trader, 'ftrader', '1000');
  const { contractList } = (await coCall(trader, 'common/public_info', {})) as {
    contractList: { id: number; contractName: string }[];
  };
  const contractId = contractList.find((c) => c.contractName === contract)?.id ?? 0;
  // The trader's settings for the contract: isolated, 10x.
  await coCall(trader, 'user/margin_model_edit', { contractId, marginModel: 2 });
  await coCall(trader, 'user/level_edit', { contractId, nowLevel: 10 });
  // The maker's ask the trader's order takes.
  await order(maker, contractId, 'SELL', '5.0', '100');

  const page = await traderContext.newPage();
  await page.goto(`/proSwap/${contract}`);
  await expect(page.getByTestId('leverage')).toHaveText('10x', { timeout: 20_000 });
  await expect(page.getByTestId('margin-model')).toHaveText('Isolated');
  await expect(page.getByTestId('co-available')).toHaveText('1,000.00 USDT');

  // Open long, 100 contracts at 5.0: worth 500 USDT, so 50 USDT of margin at 10x.
  const form = page.getByRole('region', { name: 'Place a futures order' });
  await form.getByLabel('Price', { exact: true }).fill('5.0');
  await form.getByLabel('Quantity', { exact: true }).fill('100');
  await expect(form.getByTestId('order-cost')).toHaveText('50.00 USDT');
  await form.getByRole('button', { name: 'Open long' }).click();
  // A new trader is asked to confirm (pcSecondConfirm is on until they say otherwise).
  const confirm = page.getByRole('dialog', { name: 'Confirm: Open long' });
  await expect(confirm).toContainText('50.00 USDT');
  await confirm.getByRole('button', { name: 'Open long' }).click();

  // The position, valued at the mark 5.0. Liquidation where margin + PnL = maintenance: 50 + 100 (P - 5) = 100 P x
  // 1%, so P = 450 / 99 = 4.545..., shown 4.5. Margin ratio: maintenance 5 over a margin balance of 50 = 10%.
  const row = positionRow(page, contract);
  await expect(cell(row, 'Entry price')).toHaveText('5.0', { timeout: 15_000 });
  await expect(cell(row, 'Mark price')).toHaveText('5.0');
  await expect(cell(row, 'Liq. price')).toHaveText('4.5');
  await expect(cell(row, 'Margin')).toContainText('50.00 USDT');
  await expect(cell(row, 'Margin ratio')).toHaveText('10.00%');
  await expect(cell(row, 'Unrealised PnL (ROE)')).toHaveText('0.00 USDT (0.00%)');
  // What the account has left: 1,000 less the margin and the taker's opening fee, 500 x 0.05% = 0.25.
  await expect(page.getByTestId('co-available')).toHaveText('949.75 USDT');

  // The operator settles funding now: no premium was sampled (the book never held the impact notional), so the rate
  // is the interest part, 0.01% an 8-hour interval; the long pays 500 x 0.01% = 0.05 USDT from its isolated margin.
  expect(await admin('funding', 'settle', contract)).toContain('rate 0.01% (0 samples), mark 5, 2 ledger rows');
  await expect(cell(row, 'Margin')).toContainText('49.95 USDT', { timeout: 15_000 });

  // The price moves: the mover sells 10 at 5.5 into the maker's bid (the last price), and the operator prices FLT
  // at 5.5 (the index); the mark, the median of the index, the index plus the book's premium and the last price,
  // is then 5.5. No reload: the page reads it again by itself.
  await order(maker, contractId, 'BUY', '5.5', '10');
  await order(mover, contractId, 'SELL', '5.5', '10');
  await admin('price', 'set', '--coin', base, '--fiat', 'usd', '--price', '5.5');
  // PnL at the mark: 100 x (5.5 - 5.0) = 50 USDT, ROE 50 / 49.95 = 100.10%. Maintenance 5.5 over 99.95 = 5.50%.
  await expect(cell(row, 'Mark price')).toHaveText('5.5', { timeout: 20_000 });
  await expect(cell(row, 'Unrealised PnL (ROE)')).toHaveText('+50.00 USDT (100.10%)');
  await expect(cell(row, 'Margin ratio')).toHaveText('5.50%');
  await expect(cell(row, 'Liq. price')).toHaveText('4.5');

  // 25 USDT more margin through the position's dialog: liquidation at (500 - 74.95) / 99 = 4.29..., shown 4.3.
  await cell(row, 'Margin').getByRole('button', { name: 'Adjust' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('25');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(row, 'Liq. price')).toHaveText('4.3', { timeout: 15_000 });
  await expect(cell(row, 'Margin')).toContainText('74.95 USDT');
  // ROE 50 / 74.95 = 66.71...%, shown cut; margin ratio 5.5 / 124.95 = 4.40...%.
  await expect(cell(row, 'Unrealised PnL (ROE)')).toHaveText('+50.00 USDT (66.71%)');
  await expect(cell(row, 'Margin ratio')).toHaveText('4.40%');

  // A take-profit on the whole position through its TP/SL dialog: a market sell when the mark reaches 6.0.
  await cell(row, 'Close position').getByRole('button', { name: 'TP/SL' }).click();
  const tpsl = page.getByRole('dialog');
  await tpsl.getByLabel('Take-profit trigger price').fill('6.0');
  await tpsl.getByRole('button', { name: 'Confirm' }).click();
  await expect(tpsl).toBeHidden();
  // It waits among the trigger orders: a market close of the long when the mark reaches 6.0.
  await page.getByRole('tab', { name: 'Trigger orders (1)' }).click();
  const trigger = page.getByRole('table', { name: 'Trigger orders' }).getByRole('row').filter({ hasText: contract });
  await expect(cell(trigger, 'Type')).toHaveText('Take-profit');
  await expect(cell(trigger, 'Direction')).toHaveText('Close long');
  await expect(cell(trigger, 'Trigger price')).toHaveText('6.0 (Mark)');
  await expect(cell(trigger, 'Price')).toHaveText('Market');
  await page.getByRole('tab', { name: /^Positions/ }).click();
  // The maker bids 150 at 6.0 and the mover sells 10 into it (the last price), and the operator prices FLT at 6.0
  // (the index): the mark is 6.0, the take-profit fires, and its market sell takes 100 more of the bid. The
  // position closes and leaves the table.
  await order(maker, contractId, 'BUY', '6.0', '150');
  await order(mover, contractId, 'SELL', '6.0', '10');
  await admin('price', 'set', '--coin', base, '--fiat', 'usd', '--price', '6');
  await expect(page.getByText('No open positions.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Trigger orders', exact: true })).toBeVisible({ timeout: 10_000 });
  // Margin back, PnL 100 x (6.0 - 5.0) = 100, less both fees (0.25 opening, 600 x 0.05% = 0.30 closing) and the
  // funding paid (0.05).
  await expect(page.getByTestId('co-available')).toHaveText('1,099.40 USDT');

  // The ledger: the opening and closing fees, the funding and the realised PnL, in the contract's margin coin at its
  // precision.
  await page.goto('/assets/coFlowingWater');
  const entry = (type: string) =>
    cell(page.getByRole('row').filter({ hasText: contract }).filter({ hasText: type }), 'Amount');
  await expect(entry('Opening fee')).toHaveText('-0.25 USDT');
  await expect(entry('Closing fee')).toHaveText('-0.30 USDT');
  await expect(entry('Funding fee')).toHaveText('-0.05 USDT');
  await expect(entry('Realised PnL')).toHaveText('+100.00 USDT');
  for (const context of [makerContext, moverContext, traderContext]) await context.close();
});
