import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tartCaptcha } from '@opex/contract/calls/common';
import { loginIn } from '@opex/contract/calls/user';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAliyunQuery } from '../src/modules/captcha/aliyun-nc.ts';
import { createCaptchaService } from '../src/modules/captcha/captcha-service.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A login that can only fail after the captcha: captcha refused is 10007, captcha passed is 20003 (no account). */
async function loginOutcome(server: TestServer, fields: Record<string, string>): Promise<string> {
  const reply = await server
    .client()
    .call(loginIn, { email: `nobody${Math.random()}@test.opex`, loginPword: 'Wrong123', ...fields });
  return reply.code;
}

async function solve(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A stand-in for a captcha provider's server API on 127.0.0.1. */
async function fakeProvider(handle: (url: URL, body: string) => unknown) {
  const requests: { url: URL; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push({ url, body });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(handle(url, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(r)) };
}

describe.each(testDialects)('captcha on %s', (dialect) => {
  describe('ALTCHA proof of work (type 3)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      await server.services.settings.setSwitch('verificationType', '3');
    });
    afterAll(() => server.close());

    it('hands out a signed challenge and accepts its solution once', async () => {
      const reply = await server.client().call(tartCaptcha);
      expect(reply.data.verificationType).toBe('3');
      expect(reply.data.captcha).toMatchObject({ parameters: { algorithm: 'SHA-256' } });
      const payload = await solve(reply.data.captcha);
      expect(await loginOutcome(server, { altcha: payload })).toBe('20003');
      expect(await loginOutcome(server, { altcha: payload })).toBe('10007');
    });

    it('refuses a missing, garbled, tampered or expired solution', async () => {
      expect(await loginOutcome(server, {})).toBe('10007');
      expect(await loginOutcome(server, { altcha: 'not-base64-json' })).toBe('10007');

      const { data } = await server.client().call(tartCaptcha);
      const challenge = data.captcha as { parameters: Record<string, unknown>; signature: string };
      const tampered = { ...challenge, parameters: { ...challenge.parameters, data: { expiresAt: 9e15 } } };
      const solution = await solveChallenge({ challenge: challenge as unknown as Challenge, deriveKey });
      const encode = (c: unknown) => Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
      expect(await loginOutcome(server, { altcha: encode(tampered) })).toBe('10007');
      expect(await loginOutcome(server, { altcha: encode({ ...challenge, signature: '00'.repeat(32) }) })).toBe(
        '10007',
      );

      server.clock.advance(11 * 60_000);
      expect(await loginOutcome(server, { altcha: encode(challenge) })).toBe('10007');
    });

    it('keeps its generated key in settings, so a restart still accepts earlier challenges', async () => {
      const { data } = await server.client().call(tartCaptcha);
      const payload = await solve(data.captcha);
      const stored = await server.services.settings.get<string>('altchaHmacKey', '');
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      const fresh = createCaptchaService(
        server.services.config.captcha,
        server.services.database.db,
        server.services.settings,
        server.clock,
      );
      expect(await fresh.verify({ altcha: payload }, '127.0.0.1')).toBe(true);
      expect(await fresh.verify({ altcha: payload }, '127.0.0.1')).toBe(false);
    });

    it('passes everyone when the operator turns verification off', async () => {
      await server.services.settings.setSwitch('verificationType', '0');
      expect((await server.client().call(tartCaptcha)).data).toEqual({ verificationType: '0', captcha: null });
      expect(await loginOutcome(server, {})).toBe('20003');
      await server.services.settings.setSwitch('verificationType', '3');
    });
  });

  describe('GeeTest (type 1) against a local provider', () => {
    const id = 'gt-test-id';
    const key = 'gt-test-key';
    const raw = 'a'.repeat(32);
    let provider: Awaited<ReturnType<typeof fakeProvider>>;
    let server: TestServer;
    let providerUp = true;
    beforeAll(async () => {
      provider = await fakeProvider((url, body) => {
        if (!providerUp) return {};
        if (url.pathname === '/register.php') return { challenge: url.searchParams.get('gt') === id ? raw : '' };
        const form = new URLSearchParams(body);
        const valid = form.get('captchaid') === id && form.get('seccode') === 'good|jordan';
        return { seccode: valid ? md5(form.get('seccode') ?? '') : 'false' };
      });
      server = await startTestServer(dialect, {
        env: { GEETEST_ID: id, GEETEST_KEY: key, GEETEST_API_URL: provider.url },
      });
      await server.services.settings.setSwitch('verificationType', '1');
    });
    afterAll(async () => {
      await server.close();
      await provider.close();
    });

    it('answers the widget challenge from register.php', async () => {
      const { data } = await server.client().call(tartCaptcha);
      expect(data.captcha).toEqual({ challenge: md5(raw + key), gt: id, success: 1 });
    });

    it('passes when validate.php confirms the seccode, and fails otherwise', async () => {
      const challenge = md5(raw + key);
      const fields = {
        geetest_challenge: challenge,
        geetest_validate: md5(`${key}geetest${challenge}`),
        geetest_seccode: 'good|jordan',
      };
      expect(await loginOutcome(server, fields)).toBe('20003');
      expect(provider.requests.at(-1)?.url.pathname).toBe('/validate.php');

      expect(await loginOutcome(server, { ...fields, geetest_seccode: 'bad|jordan' })).toBe('10007');
      const asked = provider.requests.length;
      expect(await loginOutcome(server, { ...fields, geetest_validate: md5('forged') })).toBe('10007');
      expect(provider.requests.length).toBe(asked);
      expect(await loginOutcome(server, { geetest_challenge: challenge })).toBe('10007');
    });

    it('fails closed when the provider does not answer', async () => {
      providerUp = false;
      expect((await server.client().call(tartCaptcha)).data.captcha).toMatchObject({ gt: id, success: 0 });
      const challenge = md5(raw + key);
      expect(
        await loginOutcome(server, {
          geetest_challenge: challenge,
          geetest_validate: md5(`${key}geetest${challenge}`),
          geetest_seccode: 'good|jordan',
        }),
      ).toBe('10007');
      providerUp = true;
    });
  });

  describe('without provider keys', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.close());

    it('refuses to hand out a GeeTest challenge and fails every check', async () => {
      await server.services.settings.setSwitch('verificationType', '1');
      expect((await server.client().call(tartCaptcha)).code).toBe('10010');
      expect(await loginOutcome(server, { geetest_challenge: 'x', geetest_validate: 'y', geetest_seccode: 'z' })).toBe(
        '10007',
      );
      await server.services.settings.setSwitch('verificationType', '2');
      expect(await loginOutcome(server, { csessionid: 'a', sig: 'b', token: 'c', scene: 'd' })).toBe('10007');
    });
  });

  describe('Aliyun NC (type 2) against a local provider', () => {
    const secret = 'ali-secret';
    let provider: Awaited<ReturnType<typeof fakeProvider>>;
    let server: TestServer;
    beforeAll(async () => {
      provider = await fakeProvider((url) => {
        const params = Object.fromEntries(url.searchParams);
        const { Signature, ...signed } = params;
        if (Signature !== signAliyunQuery(signed, secret)) return { Code: 400, Msg: 'SignatureDoesNotMatch' };
        const pass =
          params.Action === 'AuthenticateSig' && params.Sig === 'good-sig' && params.AppKey === 'FFFF0N0000000000';
        return { Code: pass ? 100 : 900, Msg: pass ? 'pass' : 'fail' };
      });
      server = await startTestServer(dialect, {
        env: { ALIYUN_ACCESS_KEY_ID: 'ak', ALIYUN_ACCESS_KEY_SECRET: secret, ALIYUN_AFS_URL: provider.url },
      });
      await server.services.settings.setSwitch('verificationType', '2');
      await server.services.settings.set('nc', { nc_appkey: 'FFFF0N0000000000', nc_prefix: 'nc_login' });
    });
    afterAll(async () => {
      await server.close();
      await provider.close();
    });

    const fields = {
      csessionid: '01abc',
      sig: 'good-sig',
      token: 'FFFF0N0000000000:1700000000000:0.1',
      scene: 'nc_login',
    };

    it('passes when AuthenticateSig answers 100 to a correctly signed request', async () => {
      expect(await loginOutcome(server, fields)).toBe('20003');
      const sent = provider.requests.at(-1)?.url.searchParams;
      expect(sent?.get('SessionId')).toBe('01abc');
      expect(sent?.get('AccessKeyId')).toBe('ak');
    });

    it('fails on a refused sig, missing fields, or a wrong secret', async () => {
      expect(await loginOutcome(server, { ...fields, sig: 'bad-sig' })).toBe('10007');
      expect(await loginOutcome(server, { csessionid: '01abc' })).toBe('10007');
      const wrongSecret = createCaptchaService(
        { ...server.services.config.captcha, aliyunAccessKeySecret: 'other' },
        server.services.database.db,
        server.services.settings,
        server.clock,
      );
      expect(await wrongSecret.verify(fields, '203.0.113.9')).toBe(false);
      expect(provider.requests.at(-1)?.url.searchParams.get('RemoteIp')).toBe('203.0.113.9');
    });
  });
});
