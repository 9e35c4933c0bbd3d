import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { registerByApi } from './support/api-register.ts';
import { closePopupWhenShown, logIn } from './support/pages.ts';

/** A 1x1 PNG: the server checks the image type by content, not by name. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a trader submits real-name documents on idAuth and sees the operator approve them', async ({ page, request }) => {
  // Two operator commands (each a process of its own) take most of the time on a busy machine.
  test.setTimeout(120_000);
  const account = await registerByApi(request, 'kyc');
  const realName = `Ada Lovelace ${Date.now()}`;
  await logIn(page, account);
  await closePopupWhenShown(page);

  await page.goto('/personal/idAuth');
  await page.getByLabel('Full name as on the document').fill(realName);
  await page.getByLabel('Document number').fill('X1234567');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Upload all three images.')).toBeVisible();
  for (const side of ['Front side', 'Back side', 'You holding the document']) {
    await page.getByLabel(side).setInputFiles({ name: 'document.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('img', { name: side })).toHaveAttribute('src', /\/uploads\/[0-9a-f]{32}\.png$/);
  }
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Under review')).toBeVisible();

  const pending = await admin('kyc', 'list', '--status', 'pending');
  const id = new RegExp(`#(\\d+) user \\d+ [^\\n]*\\n\\s+${realName}`).exec(pending)?.[1];
  expect(id).toBeDefined();
  await admin('kyc', 'approve', id ?? '');
  await page.reload();
  await expect(page.getByText(`Verified as ${realName}.`)).toBeVisible();
});
