import path from 'node:path';
import { type APIRequestContext, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { BOB } from './support/pages.ts';

/**
 * Screenshots of the assets and order pages for a person to look at (npm run screenshots): the spot account, the
 * ledger history and the order centre, at 1440x900 and 390x844 (and in Simplified Chinese
 * at 1440x900), into .screenshots/.
 */
// One at a time: two cold page loads at once can outlast the timeout on a small machine.
test.describe.configure({ mode: 'serial' });

const desktop = { name: 'desktop', width: 1440, height: 900 };
const phone = { name: 'phone', width: 390, height: 844 };
const shots = [
  { name: 'assets-spot', path: '/assets/exchangeAccount' },
  { name: 'assets-history', path: '/assets/flowingWater' },
  { name: 'orders-open', path: '/order/exchangeOrder' },
  { name: 'orders-history', path: '/order/exchangeOrder', tab: 'Order history' },
  { name: 'orders-trades', path: '/order/exchangeOrder', tab: 'Trade history' },
];

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { data: { order_id?: number } };
}

/** Something to look at: an open order, a cancelled one, a trade against the demo market maker. */
async function giveBobHistory(request: APIRequestContext) {
  await postCall(request, 'order/create', { side: 'BUY', type: 1, price: '1000', volume: '0.01', symbol: 'btcusdt' });
  const sell = { side: 'SELL', type: 1, price: '990000', volume: '0.02', symbol: 'btcusdt' };
  const placed = await postCall(request, 'order/create', sell);
  await postCall(request, 'order/cancel', { orderId: placed.data.order_id, symbol: 'btcusdt' });
  await postCall(request, 'order/create', { side: 'BUY', type: 2, volume: '50', symbol: 'btcusdt' });
}

const runs = [
  { size: desktop, lang: 'en_US' },
  { size: phone, lang: 'en_US' },
  { size: desktop, lang: 'zh_CN' },
];

for (const { size, lang } of runs) {
  test(`assets and orders screenshots ${lang} ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    // The cookie, not ?lang=: the app writes that into the cookie only once it has started, after the page's load.
    await page.context().addCookies([{ name: 'lan', value: lang, url: process.env.E2E_BASE_URL ?? '' }]);
    await loginFromAnotherDevice(page.context().request, BOB.email, BOB.password);
    if (size.name === 'desktop' && lang === 'en_US') await giveBobHistory(page.context().request);
    for (const shot of shots) {
      // The other language shows the pages as they open; the clicks below find English names.
      if (lang !== 'en_US' && shot.tab) continue;
      await page.goto(shot.path);
      await page.waitForLoadState('networkidle');
      if (shot.tab) await page.getByRole('tab', { name: shot.tab }).click();
      await page.waitForTimeout(500);
      await page.screenshot({
        path: path.join(import.meta.dirname, '../.screenshots', `${shot.name}-${lang}-${size.name}.png`),
      });
    }
  });
}
