import { expect, type Locator, type Page, test } from '@playwright/test';
import { ALICE, closePopupWhenShown, logIn } from './support/pages.ts';

/**
 * On a fresh demo, every menu entry a visitor or a logged-in trader can see (header, more menu, account, assets,
 * orders and messages menus, the section side menus, the footer and the home page) opens a real page: its own path
 * (an unknown path would go home), with content, and neither a placeholder nor "page not found".
 */

/** Same-origin link targets inside a part of the page, without duplicates. */
async function internalLinks(page: Page, scope: Locator): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await scope.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const paths = hrefs.filter((href) => href.startsWith(origin)).map((href) => href.slice(origin.length));
  return [...new Set(paths)];
}

/** Waits until the route has rendered (a redirect would have happened by then) and checks it is a real page. */
async function expectRealPage(page: Page, label: string) {
  const main = page.locator('main#main');
  await expect(main, label).not.toBeEmpty();
  await expect(main.getByText(/not available/i), label).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' }), label).toHaveCount(0);
}

async function expectLinksLead(page: Page, paths: string[], { loggedIn }: { loggedIn: boolean }) {
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    await page.goto(path);
    await expectRealPage(page, path);
    const want = path.split(/[?#]/)[0];
    const landed = new URL(page.url()).pathname;
    // A page may settle on a sub-path (/trade -> /trade/BTC_USDT) and a login-only page sends a visitor to /login;
    // a missing route goes home.
    if (!loggedIn && landed === '/login') continue;
    expect(landed.startsWith(want ?? ''), `${path} landed on ${landed}`).toBe(true);
  }
}

test('a visitor: every header, footer and home page link opens a real page', async ({ page }) => {
  test.setTimeout(180_000);
  await closePopupWhenShown(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  // The operator's footer columns, once loaded (the built-in ones show until then).
  await expect(page.locator('footer').getByRole('link', { name: 'Site map' })).toBeVisible();
  const header = await internalLinks(page, page.locator('header'));
  expect(header).not.toContain('/questions/init');
  const paths = [
    ...header,
    ...(await internalLinks(page, page.locator('footer'))),
    ...(await internalLinks(page, page.locator('main#main'))),
  ];
  await expectLinksLead(page, [...new Set(paths)], { loggedIn: false });

  // The site map lists the real routes.
  await page.goto('/footerPage/siteMap');
  await expect(page.locator('main#main article a[href]').first()).toBeVisible();
  await expectLinksLead(page, await internalLinks(page, page.locator('main#main article')), { loggedIn: false });
});

test('a logged-in trader: every entry of the account, assets, orders and messages menus and of the side menus opens a real page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await closePopupWhenShown(page);
  await logIn(page, ALICE);

  // Menus open from /market: on the home page the pop-up may come up over an open menu and close it.
  const START = '/market';
  for (const menu of ['Assets', 'Orders', 'Account', /Messages|unread/]) {
    await page.goto(START);
    await page.getByRole('button', { name: menu }).click();
    const items = page.getByRole('menuitem');
    // The menu opens after the click's render: read its entries once it shows.
    await expect(items.first(), String(menu)).toBeVisible();
    const labels = (await items.allTextContents()).map((t) => t.trim());
    expect(labels.length, String(menu)).toBeGreaterThan(0);
    for (const [i, label] of labels.entries()) {
      if (label === 'Log out') continue;
      await page.goto(START);
      await page.getByRole('button', { name: menu }).click();
      await page.getByRole('menuitem').nth(i).click();
      await expect(page).not.toHaveURL(/\/market$/);
      await expectRealPage(page, `${menu} > ${label}`);
    }
  }
  await page.goto(START);
  await page.getByRole('button', { name: 'Assets' }).click();
  // Futures and margin are switched on for the e2e server (support/global-setup.ts).
  await expect(page.getByRole('menuitem')).toHaveText(['Spot account', 'Futures account', 'Margin account']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Spot orders', 'Futures orders', 'Margin orders']);
  await page.keyboard.press('Escape');

  const sideMenus: string[] = [];
  for (const section of ['/assets/exchangeAccount', '/order/exchangeOrder', '/personal/userManagement']) {
    await page.goto(section);
    await expectRealPage(page, section);
    sideMenus.push(...(await internalLinks(page, page.locator('main#main nav'))));
  }
  expect(sideMenus).not.toContain('/assets/otcAccount');
  expect(sideMenus).toContain('/assets/coAccount');
  expect(sideMenus).not.toContain('/order/otcOrder');
  expect(sideMenus).toContain('/order/coOrder');
  await page.goto('/');
  await expect(page.locator('footer').getByRole('link', { name: 'Site map' })).toBeVisible();
  const shell = [
    ...(await internalLinks(page, page.locator('header'))),
    ...(await internalLinks(page, page.locator('footer'))),
  ];
  await expectLinksLead(page, [...new Set([...sideMenus, ...shell])], { loggedIn: true });
});

test('the spec’s host-prefixed paths open the same page with the language set', async ({ page }) => {
  await closePopupWhenShown(page);
  await page.goto('/ex/zh_CN/trade/BTC_USDT');
  await expect(page).toHaveURL(/\/trade\/BTC_USDT\?lang=zh_CN$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  await page.goto('/ex/en_US/market');
  await expect(page).toHaveURL(/\/market\?lang=en_US$/);
  await expect(page.getByRole('heading', { name: 'Markets' }).first()).toBeVisible();
});
