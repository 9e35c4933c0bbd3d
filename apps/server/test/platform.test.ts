import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { fund } from './trading-fixtures.ts';

describe.each(testDialects)('platform on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers health with the database reachable, and where the trading core spent its time', async () => {
    const response = await server.client().request('GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', core: { seconds: 10 } });
  });

  it('counts the commands of the last seconds in health, with their commit wait', async () => {
    const before = (await server.client().request('GET', '/health?seconds=60')).json().core;
    await fund(server.services.core, 7, 'USDT', '10');
    const after = (await server.client().request('GET', '/health?seconds=60')).json().core;
    expect(after.commands).toBeGreaterThan(before.commands);
    expect(after.commitWaitMs.p50).toBeGreaterThan(0);
    expect(after.commitWaitMs.max).toBeGreaterThanOrEqual(after.commitWaitMs.p50);
  });

  it('refuses a health window it does not keep', async () => {
    for (const seconds of ['0', '61', 'x', '1.5']) {
      const response = await server.client().request('GET', `/health?seconds=${seconds}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: '10001', msg: expect.stringMatching(/from 1 to 60/) });
    }
  });

  it('sets a readable XSRF cookie on first contact', async () => {
    const client = server.client();
    const response = await client.request('GET', '/health');
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toMatch(/^[\w-]{20,}$/);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
  });

  it('answers an unknown call with the envelope and a non-zero code', async () => {
    const response = await server.client().request('POST', '/fe-ex-api/no/such_call', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '10005', data: null });
  });

  it('answers malformed JSON with a clear message and no stack trace', async () => {
    const response = await server
      .client()
      .request('POST', '/fe-ex-api/no/such_call', '{"broken', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('10001');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('platform under a base path', () => {
  it('serves calls under the base path and answers elsewhere with the envelope', async () => {
    const server = await startTestServer('sqlite', { env: { BASE_PATH: '/ex' } });
    try {
      const client = server.client();
      const served = await client.request('POST', '/ex/fe-ex-api/common/public_info_v4', {});
      expect(served.statusCode).toBe(200);
      expect(served.json().code).toBe('0');
      const outside = await client.request('POST', '/fe-ex-api/common/public_info_v4', {});
      expect(outside.statusCode).toBe(404);
      expect(outside.json().code).toBe('10005');
    } finally {
      await server.close();
    }
  });
});
