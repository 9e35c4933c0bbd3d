import { limitIpLogin } from '@opex/contract/calls/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

// Addresses geoip-lite places in these countries.
const NORTH_KOREA = '175.45.176.1';
const UNITED_STATES = '8.8.8.8';
const BRITAIN = '81.2.69.142';

describe.each(testDialects)('region check on %s', (dialect) => {
  describe('behind a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { config: { trustProxy: ['127.0.0.1'] } });
      await server.services.settings.set('limitCountryList', ['KP', 'US']);
    });
    afterAll(() => server.close());

    const from = (ip: string, lan?: string) => {
      const client = server.client();
      if (lan) client.cookies.set('lan', lan);
      return client.call(limitIpLogin, {}, { 'x-forwarded-for': ip });
    };

    it('refuses a restricted country with 109109 and the restricted country names', async () => {
      const reply = await from(NORTH_KOREA);
      expect(reply.code).toBe('109109');
      expect(reply.msg).toBe('North Korea, United States');
      expect((await from(UNITED_STATES)).code).toBe('109109');
    });

    it("names the countries in the caller's language", async () => {
      expect((await from(NORTH_KOREA, 'zh_CN')).msg).toBe('朝鲜, 美国');
      expect((await from(NORTH_KOREA, 'el_GR')).msg).toBe('北韓, 美國');
    });

    it('lets other countries and local addresses through', async () => {
      expect((await from(BRITAIN)).code).toBe('0');
      for (const local of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.1.1', '::1', 'fd00::1']) {
        expect((await from(local)).code).toBe('0');
      }
    });

    it('lets everyone through when the list is empty', async () => {
      await server.services.settings.set('limitCountryList', []);
      expect((await from(NORTH_KOREA)).code).toBe('0');
      await server.services.settings.set('limitCountryList', ['KP', 'US']);
    });
  });

  describe('without a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      await server.services.settings.set('limitCountryList', ['KP']);
    });
    afterAll(() => server.close());

    it('ignores a forged X-Forwarded-For and checks the connecting address', async () => {
      const reply = await server.client().call(limitIpLogin, {}, { 'x-forwarded-for': NORTH_KOREA });
      expect(reply.code).toBe('0');
    });
  });
});
