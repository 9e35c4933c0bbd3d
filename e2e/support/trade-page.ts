import { type BrowserContext, expect, type Page } from '@playwright/test';
import { loginFromAnotherDevice } from './api-login.ts';

/** A trader logged in through the API in its own browser context, on /trade/<market> once the market shows. */
export async function openTradePage(
  context: BrowserContext,
  account: { email: string; password: string },
  market: string,
): Promise<Page> {
  await loginFromAnotherDevice(context.request, account.email, account.password);
  const page = await context.newPage();
  await page.goto(`/trade/${market}`);
  await expect(page.getByRole('heading', { name: market.replace('_', '/') })).toBeVisible({ timeout: 20_000 });
  return page;
}
