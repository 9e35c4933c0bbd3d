import fs from 'node:fs/promises';
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

/** Tried again when SQLite answers "database is locked" (a deferred transaction that reads, then writes). */
async function retryLocked(run: () => Promise<string>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('database is locked')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The operator's decisions go through the real command line, as an operator types them. */
const operator = (...args: string[]) => retryLocked(() => admin(...args));

/**
 * The world outside the exchange (the simulated chain's blocks, the trader's mailbox) is driven with the same
 * operator commands, run in this process on the server's database: starting the command line for each block and
 * each mail costs seconds on a busy machine.
 */
type Outside = { run: (...argv: string[]) => Promise<string>; close: () => Promise<void> };
let outside: Promise<Outside> | undefined;
function outsideWorld(): Promise<Outside> {
  outside ??= (async () => {
    const [{ runAdmin }, { openDatabase }, { systemClock }] = await Promise.all([
      import('../apps/server/src/admin/commands.ts'),
      import('../apps/server/src/db/database.ts'),
      import('../apps/server/src/platform/clock.ts'),
    ]);
    const handle = openDatabase({ sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'opex.sqlite') });
    return {
      run: (...argv: string[]) => runAdmin(argv, { handle, clock: systemClock, actor: 'e2e:outside' }),
      close: () => handle.close(),
    };
  })();
  return outside;
}
const world = (...args: string[]) => outsideWorld().then((w) => retryLocked(() => w.run(...args)));
test.afterAll(async () => {
  await (await outside)?.close();
});

async function postCall(request: APIRequestContext, call: string, data: object) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reply = await request.post(`/fe-ex-api/${call}`, { headers: { 'X-XSRF-TOKEN': xsrf }, data });
  return (await reply.json()) as { code: string; data: Record<string, unknown> };
}

/** The newest mail to an address, as the outbox lists it. */
const newestMail = (recipient: string) => world('outbox', 'list', '--limit', '1', '--recipient', recipient);

/** What a mail that arrives after `before` (the newest mail when the action began) says, by `pattern`. */
async function mailedAfter(before: string, recipient: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const newest = await newestMail(recipient);
        found = newest === before ? '' : (pattern.exec(newest)?.[1] ?? '');
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

/** Units of 1e-8 from a shown amount such as "-0.004" or "+1.6" (exact: no floating point on money). */
function satoshis(text: string): bigint {
  const match = /([+-]?)([\d,]+)(?:\.(\d{1,8}))?/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  const units = BigInt(match[2]?.replaceAll(',', '') ?? '0') * 100_000_000n + BigInt((match[3] ?? '').padEnd(8, '0'));
  return match[1] === '-' ? -units : units;
}

test('deposit on the simulated chain, trade, withdraw with the second factor, approved and completed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const loading = outsideWorld(); // its modules load while the trader registers
  const trader = await registerByApi(page.request, 'cycle');
  await loginFromAnotherDevice(page.request, trader.email, trader.password);
  expect((await postCall(page.request, 'common/user_info', {})).code).toBe('0');
  await loading;

  // Deposit: the trader's address on the deposit page, BTC sent to it on the simulated chain; one block counts
  // 1 of the 2 confirmations (nothing credited yet), the second credits it once.
  await page.goto('/assets/recharge?symbol=BTC');
  const depositAddress = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(depositAddress).toMatch(/^bcrt1q/);
  await world('chain', 'send', 'BTC', 'BTC', depositAddress, DEPOSIT);
  await world('chain', 'mine', 'BTC', '1');
  const deposits = page.getByRole('region', { name: 'Deposits' });
  const depositRow = deposits.getByRole('row').filter({ hasText: `${DEPOSIT} BTC` });
  // The records look again every 30 s while nothing is on its way: reload until the watcher has seen it.
  await expect(async () => {
    await page.reload();
    await expect(depositRow.getByText('1/2')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(depositRow.getByText('Confirming')).toBeVisible();
  expect(await balanceOf(page, 'BTC')).toBe('0');
  await world('chain', 'mine', 'BTC', '1');
  await expect(depositRow.getByText('Credited')).toBeVisible({ timeout: 20_000 });
  expect(await balanceOf(page, 'BTC')).toBe(DEPOSIT);

  // Trade: a market sell on the demo BTC/USDT market, filled by the demo market maker's bids.
  await page.goto('/trade/BTC_USDT');
  // The trade page is the heaviest to load: give its first visit time on a busy machine.
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible({ timeout: 30_000 });
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
  const beforeCode = await newestMail(trader.email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const factorCode = await mailedAfter(beforeCode, trader.email, /Verification code: (\d{6})/);
  await dialog.getByRole('textbox', { name: 'E-mail verification code' }).fill(factorCode);
  const beforeConfirmation = await newestMail(trader.email);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const confirmDialog = page.getByRole('dialog', { name: 'Confirm by e-mail' });
  await expect(confirmDialog).toBeVisible();
  const confirmationCode = await mailedAfter(beforeConfirmation, trader.email, /Confirmation code: (\d{6})/);
  await confirmDialog.getByRole('textbox', { name: 'Confirmation code' }).fill(confirmationCode);
  await confirmDialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdrawal confirmed')).toBeVisible();
  const records = page.getByRole('region', { name: 'Withdrawal records' });
  await expect(records.getByText('Pending review')).toBeVisible();
  expect(await balanceOf(page, 'BTC')).toBe(AFTER_WITHDRAW);

  // The operator approves; the demo wallet sends it; two blocks later it is complete. The records follow by
  // themselves while the withdrawal moves.
  const queue = await world('withdraw', 'list', '--state', 'review');
  const id = new RegExp(`#(\\d+)\\treview\\tuser \\d+\\t${WITHDRAWN} BTC \\(fee ${FEE}\\)\\tBTC ${ADDRESS}`).exec(
    queue,
  )?.[1];
  expect(id, queue).toBeTruthy();
  await operator('withdraw', 'approve', String(id));
  await expect(records.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
  await world('chain', 'mine', 'BTC', '2');
  await expect(records.getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
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

  // The funding history shows the deposit, the trade and the withdrawal, filtered by coin and type. A market sell
  // may fill against several of the market maker's bids: its BTC rows (one per fill) add up to what was sold.
  await page.goto('/assets/flowingWater');
  const table = page.getByRole('table', { name: 'History' });
  await page.getByRole('combobox', { name: 'Coin' }).click();
  await page.getByRole('option', { name: 'BTC', exact: true }).click();
  const dataRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const steps: [string, string][] = [
    ['Deposit', `+${DEPOSIT}`],
    ['Trade', `-${SOLD}`],
    ['Withdrawal', '-1.2005'],
  ];
  for (const [step, amount] of steps) {
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: step, exact: true }).click();
    await expect(async () => {
      const shown = await dataRows.allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((text) => !text.includes(step) || !text.includes('BTC'))).toEqual([]);
      const amounts = await dataRows
        .getByRole('cell')
        .filter({ hasText: /^[+-]\d/ })
        .allInnerTexts();
      expect(amounts.reduce((sum, text) => sum + satoshis(text), 0n)).toBe(satoshis(amount));
    }).toPass({ timeout: 10_000 });
  }

  // The export is a real file download of the history under the same filters.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('time,id,account,coin,type,amount,balance_after,part,cause_id');
  expect(csv).toMatch(/,exchange,BTC,withdrawal,-1\.2005,/);
  expect(csv).not.toMatch(/,deposit,|,trade,/);
});
