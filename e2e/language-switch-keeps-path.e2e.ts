import { expect, test } from '@playwright/test';
import { ALICE, closePopupWhenShown, logIn } from './support/pages.ts';

test('a visitor switches to Chinese and stays on the same page', async ({ page }) => {
  await page.goto('/footerPage/fees');
  await expect(page.locator('h1')).toBeVisible();
  await page.getByRole('button', { name: /Language/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: '简体中文' }).click()]);
  await expect(page).toHaveURL(/\/footerPage\/fees$/);
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
});

test('a logged-in user posts the language change before the reload', async ({ page }) => {
  await logIn(page, ALICE);
  await closePopupWhenShown(page);
  await page.goto('/noticeInfo');
  const events: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('common/change_language')) events.push(`post ${r.postData()}`);
  });
  page.on('load', () => events.push(`load ${new URL(page.url()).pathname}`));
  await page.getByRole('button', { name: /Language/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: '日本語' }).click()]);
  expect(events).toEqual(['post {"language":"ja_JP"}', 'load /noticeInfo']);
  await expect(page.getByRole('heading', { name: 'お知らせ' })).toBeVisible();
});

test('?lang= chooses the language and is remembered', async ({ page }) => {
  await page.goto('/footerPage/about?lang=ko_KR');
  await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
  await page.goto('/footerPage/about');
  await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
});
