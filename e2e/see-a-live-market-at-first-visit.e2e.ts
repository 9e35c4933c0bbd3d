import { expect, test } from '@playwright/test';

/**
 * A visitor's first look at a fresh demo: the 15-minute chart already holds a day and more of candles (the demo's
 * seeded past), and the order book fills its panel with real levels, as many a side as its height has room for.
 */
const DAY_OF_QUARTERS = 96;

test('a fresh demo shows a full chart and a full order book on /trade/BTC_USDT', async ({ page }) => {
  await page.goto('/trade/BTC_USDT');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible({ timeout: 20_000 });

  const chart = page.getByRole('img', { name: /BTC\/USDT/ });
  await expect(chart).toHaveAttribute('data-candles', /\d+/);
  await expect
    .poll(async () => Number(await chart.getAttribute('data-candles')))
    .toBeGreaterThanOrEqual(DAY_OF_QUARTERS);

  const book = page.getByRole('region', { name: 'Order book' });
  const asks = book.getByRole('list', { name: 'Sell orders' }).getByRole('button');
  const bids = book.getByRole('list', { name: 'Buy orders' }).getByRole('button');
  // What fits: the panel's height less the last price, halved, in rows of the dense row height.
  const fits = () =>
    book.evaluate((section) => {
      const levels = section.querySelector('[data-rows]') as HTMLElement;
      const last = levels.querySelector('p') as HTMLElement;
      const row = Number.parseFloat(getComputedStyle(levels).getPropertyValue('--row-height-dense'));
      return Math.floor((levels.clientHeight - last.offsetHeight) / 2 / row);
    });
  const rows = await fits();
  expect(rows).toBeGreaterThanOrEqual(12);
  await expect(asks).toHaveCount(rows);
  await expect(bids).toHaveCount(rows);

  // Real levels: distinct prices, asks above bids, every amount above zero.
  const levels = async (list: typeof asks) =>
    (await list.allTextContents()).map(
      (text) => text.match(/[\d,]+\.\d+/g)?.map((n) => Number(n.replace(/,/g, ''))) ?? [],
    );
  const askLevels = await levels(asks);
  const bidLevels = await levels(bids);
  for (const [price, amount] of [...askLevels, ...bidLevels]) {
    expect(price).toBeGreaterThan(0);
    expect(amount).toBeGreaterThan(0);
  }
  const askPrices = askLevels.map(([price]) => price ?? 0);
  const bidPrices = bidLevels.map(([price]) => price ?? 0);
  expect(new Set(askPrices).size).toBe(rows);
  expect(new Set(bidPrices).size).toBe(rows);
  expect(Math.min(...askPrices)).toBeGreaterThan(Math.max(...bidPrices));
});
