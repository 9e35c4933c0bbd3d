import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** The built web app served by the server: history fallback with a <base> tag, and pre-compressed assets. */
describe('web app serving', () => {
  let server: TestServer;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Opex</title></head><body></body></html>');
    const file = path.join(dist, 'assets', 'app.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    server = await startTestServer('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('answers any page path with index.html, uncached, with the base tag', async () => {
    const page = await get('/trade/BTC_USDT');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<head><base href="/">');
  });

  it('sends the Brotli or gzip copy of an asset to a browser that accepts it, and the file itself otherwise', async () => {
    const br = await get('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('answers an unknown call with the envelope, not the page', async () => {
    const call = await get('/fe-ex-api/no/such/call');
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ code: expect.not.stringMatching(/^0$/) });
  });
});
