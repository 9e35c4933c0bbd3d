import path from 'node:path';
import { expect, test } from '@playwright/test';

/** A developer opens the footer's API page and reaches the OpenAPI document of the Open API from it. */
test('the API page links the OpenAPI document and names the spot and futures endpoints', async ({ page, request }) => {
  await page.goto('/footerPage/apiPage');
  await expect(page.getByRole('heading', { name: 'Open API' })).toBeVisible();
  const link = page.getByRole('link', { name: /api\/v3\/openapi\.json$/ });
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).pathname).toBe('/api/v3/openapi.json');
  await expect(page.getByText(/^wss?:\/\/[^/]+\/ws$/)).toBeVisible();
  await expect(page.getByText(/^wss?:\/\/[^/]+\/stream$/)).toBeVisible();
  // The futures families' REST bases and streams.
  await expect(page.getByText(/^https?:\/\/[^/]+\/fapi$/)).toBeVisible();
  await expect(page.getByText(/^https?:\/\/[^/]+\/dapi$/)).toBeVisible();
  await expect(page.getByText(/^wss?:\/\/[^/]+\/fstream\/ws$/)).toBeVisible();
  await expect(page.getByText(/^wss?:\/\/[^/]+\/dstream\/ws$/)).toBeVisible();

  const document = await (await request.get(href)).json();
  expect(document.openapi).toMatch(/^3\./);
  expect(document.paths['/api/v3/depth'].get.parameters[0].name).toBe('symbol');
  expect(Object.keys(document.paths['/fapi/v1/order']).sort()).toEqual(['delete', 'get', 'post', 'put']);
  expect(document.paths['/dapi/v1/listenKey'].post.security).toEqual([{ ApiKey: [] }]);
  expect(document.components.securitySchemes.ApiKey.name).toBe('X-MBX-APIKEY');

  if (!process.env.SCREENSHOTS) return;
  for (const size of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(import.meta.dirname, '../.screenshots', `footer-api-${size.name}.png`) });
  }
});
