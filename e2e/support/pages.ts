import { expect, type Page } from '@playwright/test';

export const ALICE = { email: 'alice@demo.opex', password: 'Alice2026demo' };
export const BOB = { email: 'bob@demo.opex', password: 'Bob2026demo' };

/** The home pop-up shows once per browser; tests about something else close it when it is in the way. */
export async function closePopupWhenShown(page: Page) {
  const popup = page.getByTestId('home-popup').or(page.getByRole('dialog', { name: 'Welcome to Opex Demo' }));
  // The pop-up loads after first paint, so it may open after any given check: Playwright closes it whenever it
  // stands in the way of an action or an assertion.
  await page.addLocatorHandler(popup, () => page.keyboard.press('Escape'));
}

/** Ticks the proof-of-work box and waits until the browser has solved it. */
export async function verifyHuman(page: Page) {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
}

/** Logs in through the form; the form is found by its input types so any language works. */
export async function logIn(page: Page, account: { email: string; password: string }, lang = 'en_US') {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  if (lang === 'en_US') await verifyHuman(page);
  else {
    await page.getByRole('checkbox').click();
    await expect(page.getByRole('checkbox')).toBeChecked({ timeout: 30_000 });
  }
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
}
