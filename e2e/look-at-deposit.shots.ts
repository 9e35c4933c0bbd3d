import path from 'node:path';
import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { ALICE } from './support/pages.ts';

/**
 * Screenshots of /assets/recharge for a person to look at (npm run screenshots): a Bitcoin deposit counting its
 * confirmations beside one below the minimum, and the Ethereum address a USDT deposit was sent to, at 1440x900 and
 * 390x844, in English and Simplified Chinese, into .screenshots/.
 */

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const shot = (name: string) => path.join(import.meta.dirname, '../.screenshots', `${name}.png`);

const runs = ['en_US', 'zh_CN'].flatMap((lang) => sizes.map((size) => ({ lang, size })));

for (const [index, { lang, size }] of runs.entries()) {
  test(`deposit screenshots ${lang} ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.context().addCookies([{ name: 'lan', value: lang, url: process.env.E2E_BASE_URL ?? '' }]);
    await loginFromAnotherDevice(page.context().request, ALICE.email, ALICE.password);

    await page.goto('/assets/recharge?symbol=BTC');
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^bcrt1q/);
    // Each run its own amounts: runs share the demo trader and the chains, and mine each other's blocks.
    const btc = `0.5${index + 1}`;
    const usdt = `25${index + 1}`;
    await admin('chain', 'send', 'BTC', 'BTC', address, btc);
    await admin('chain', 'send', 'BTC', 'BTC', address, '0.00005');
    await admin('chain', 'mine', 'BTC');
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(`${btc} BTC`)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: shot(`deposit-btc-${lang}-${size.name}`), fullPage: true });

    await page.goto('/assets/recharge?symbol=USDT');
    const evm = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await admin('chain', 'send', 'USDT', 'ETH', evm, usdt);
    await admin('chain', 'mine', 'ETH', '3');
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(`${usdt} USDT`)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: shot(`deposit-usdt-${lang}-${size.name}`), fullPage: true });
  });
}
