import path from 'node:path';
import { type APIRequestContext, test } from '@playwright/test';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { BOB } from './support/pages.ts';

/**
 * Screenshots kept in the repository (npm run screenshots): /market, home, the spot account and the spot order centre at
 * 1440x900 and 390x844, into docs/screenshots/.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const shots = [
  { name: 'market', path: '/market' },
  { name: 'home', path: '/' },
  { name: 'assets-exchange-account', path: '/assets/exchangeAccount' },
  { name: 'order-exchange-order', path: '/order/exchangeOrder' },
  { name: 'order-exchange-order-fills', path: '/order/exchangeOrder', fills: true },
];

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
}

for (const size of sizes) {
  test(`markets and accounts screenshots ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const request = page.context().request;
    await loginFromAnotherDevice(request, BOB.email, BOB.password);
    if (size.name === 'desktop') {
      await postCall(request, 'order/create', {
        side: 'BUY',
        type: 1,
        price: '1000',
        volume: '0.01',
        symbol: 'btcusdt',
      });
      await postCall(request, 'order/create', { side: 'BUY', type: 2, volume: '50', symbol: 'ethusdt' });
    }
    await page.goto('/?lang=en_US');
    const popup = page.getByRole('dialog');
    if (
      await popup.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      )
    )
      await page.keyboard.press('Escape');
    for (const shot of shots) {
      await page.goto(shot.path);
      await page.waitForLoadState('networkidle');
      // A favourite, so that the star shows both ways.
      if (shot.name === 'market') await page.getByRole('button', { name: 'Add ETH/USDT to favourites' }).click();
      if (shot.fills) {
        await page.getByRole('tab', { name: 'Order history' }).click();
        await page.getByRole('button', { name: 'Fills' }).first().click();
      }
      await page.waitForTimeout(1500);
      await page.screenshot({
        path: path.join(import.meta.dirname, '../docs/screenshots', `${shot.name}-${size.name}.png`),
      });
    }
  });
}
