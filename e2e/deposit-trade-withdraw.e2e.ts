import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { loginFromAnotherDevice } from './support/api-login.ts';
import { registerByApi } from './support/api-register.ts';
import { verifyHuman } from './support/pages.ts';

/**
 * A trader's money from the chain and back: BTC sent to their deposit address on the demo's simulated chain is
 * credited after the chain's confirmations; they sell some on the spot market; they withdraw (second factor, then
 * the e-mailed confirmation) an amount above the review threshold, the operator approves it with the command line,
 * the demo wallet sends it and it completes after the confirmations. The funding history shows every step.
 */
const DEPOSIT = '1.6';
const SOLD = '0.01';
const WITHDRAWN = '1.2'; // above the demo's 1 BTC review threshold, within its 2 BTC daily limit
const FEE = '0.0005';
const AFTER_TRADE = '1.59';
const AFTER_WITHDRAW = '0.3895'; // 1.59 - 1.2 - 0.0005
// A regtest P2WPKH address (the demo's Bitcoin chain is regtest): bech32 of a fixed 20-byte program.
const ADDRESS = 'bcrt1qqqx35fe5g989k6r4s28ee2dkc0gdm6hhy5dtxh';
const screenshots = path.join(import.meta.dirname, '../.screenshots');

/**
 * The operator command line, tried again when SQLite answers "database is locked": `chain mine` reads before it
 * writes in a deferred transaction, which SQLite refuses at once (no busy wait) when the running server wrote in
 * between.
 */
async function operator(...args: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(...args);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('database is locked')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; data: Record<string, unknown> };
}

/** The newest mail to an address whose body matches `pattern`, read from the outbox as an operator would. */
async function mailed(recipient: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const listing = await admin('outbox', 'list', '--limit', '5', '--recipient', recipient);
        found = pattern.exec(listing)?.[1] ?? '';
        return found;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

async function balanceOf(page: Page, coin: string): Promise<string> {
  const reply = await postCall(page.request, 'finance/v5/account_balance', { coinSymbols: coin });
  const map = reply.data.allCoinMap as Record<string, { normal_balance: string }>;
  return map[coin]?.normal_balance ?? '0';
}

test('deposit on the simulated chain, trade, withdraw with the second factor, approved and completed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const trader = await registerByApi(page.request, 'cycle');
  await loginFromAnotherDevice(page.request, trader.email, trader.password);
  expect((await postCall(page.request, 'common/user_info', {})).code).toBe('0');

  // Deposit: the trader's address, BTC sent to it on the simulated chain, credited once mined deep enough.
  const charge = await postCall(page.request, 'finance/get_charge_address', { symbol: 'BTC', chain: 'BTC' });
  expect(charge.data.state).toBe('ready');
  const depositAddress = String(charge.data.address);
  await operator('chain', 'send', 'BTC', 'BTC', depositAddress, DEPOSIT);
  await operator('chain', 'mine', 'BTC', '1');
  await page.waitForTimeout(4_000);
  expect(await balanceOf(page, 'BTC')).toBe('0');
  await operator('chain', 'mine', 'BTC', '1');
  await expect.poll(() => balanceOf(page, 'BTC'), { timeout: 20_000 }).toBe(DEPOSIT);

  // Trade: a market sell on the demo BTC/USDT market, filled by the demo market maker's bids.
  await page.goto('/trade/BTC_USDT');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  const sell = page.getByRole('form', { name: 'Sell BTC' });
  await page.getByRole('tab', { name: 'Market' }).first().click();
  await sell.getByLabel('Amount').fill(SOLD);
  await sell.getByRole('button', { name: 'Sell BTC' }).click();
  await expect(sell.getByText('Order placed.')).toBeVisible();
  await expect.poll(() => balanceOf(page, 'BTC'), { timeout: 15_000 }).toBe(AFTER_TRADE);

  // Withdraw: address checked live, second factor (an e-mail code), then the e-mailed confirmation code.
  await page.goto('/assets/withdraw?symbol=BTC');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(ADDRESS);
  await expect(page.getByRole('img', { name: 'Checksum verified' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount the address receives' }).fill(WITHDRAWN);
  await expect(page.getByText('1.2005 BTC')).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Security verification' });
  await expect(dialog).toBeVisible();
  await verifyHuman(page);
  // One code per address per CODE_RESEND_SECONDS: the registration code came first.
  await page.waitForTimeout(Math.max(0, trader.nextCodeAt - Date.now()));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const factorCode = await mailed(trader.email, /Verification code: (\d{6})/);
  await dialog.getByRole('textbox', { name: 'E-mail verification code' }).fill(factorCode);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const confirmDialog = page.getByRole('dialog', { name: 'Confirm by e-mail' });
  await expect(confirmDialog).toBeVisible();
  const confirmationCode = await mailed(trader.email, /Confirmation code: (\d{6})/);
  await confirmDialog.getByRole('textbox', { name: 'Confirmation code' }).fill(confirmationCode);
  await confirmDialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdrawal confirmed')).toBeVisible();
  const records = page.getByRole('region', { name: 'Withdrawal records' });
  await expect(records.getByText('Pending review')).toBeVisible();
  expect(await balanceOf(page, 'BTC')).toBe(AFTER_WITHDRAW);

  // The operator approves; the demo wallet sends it; two blocks later it is complete.
  const queue = await operator('withdraw', 'list', '--state', 'review');
  const id = new RegExp(`#(\\d+)\\treview\\tuser \\d+\\t${WITHDRAWN} BTC \\(fee ${FEE}\\)\\tBTC ${ADDRESS}`).exec(
    queue,
  )?.[1];
  expect(id, queue).toBeTruthy();
  await operator('withdraw', 'approve', String(id));
  const shownAfterReload = async (state: string) => {
    await page.reload();
    return records.getByText(state, { exact: true }).count();
  };
  await expect.poll(() => shownAfterReload('Sent'), { timeout: 20_000 }).toBe(1);
  await operator('chain', 'mine', 'BTC', '2');
  await expect.poll(() => shownAfterReload('Completed'), { timeout: 20_000 }).toBe(1);
  await expect(records.getByText(/Transaction [0-9a-f]{64}/)).toBeVisible();
  if (process.env.SCREENSHOTS) {
    for (const size of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(screenshots, `withdraw-records-${size.name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The funding history shows the deposit, the trade and the withdrawal.
  // (Filtered by type: the trade's fills alone can fill the first page.)
  await page.goto('/assets/flowingWater');
  const steps: [string, RegExp][] = [
    ['Deposit', new RegExp(`\\+${DEPOSIT}`)],
    ['Trade', new RegExp(`-${SOLD}`)],
    ['Withdrawal', /-1\.2005/],
  ];
  for (const [step, amount] of steps) {
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: step, exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: step, exact: true }) });
    await expect(row.filter({ hasText: amount }).first()).toBeVisible();
  }
});
