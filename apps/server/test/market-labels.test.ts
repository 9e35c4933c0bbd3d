import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { contentSnapshot, BTC_USDT_MARKET as MARKET } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

describe.each(testDialects)('market tags and large-trade thresholds on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const btcusdt = async () => (await server.client().call(publicInfoV4)).data.market.market.USDT?.['BTC/USDT'];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    for (const coin of ['BTC', 'USDT'])
      await admin('coin', 'add', '--symbol', coin, '--name', coin, '--show-precision', '2', '--scale', '8');
    await admin(...MARKET);
  });
  afterAll(() => server.close());

  it('serves none until the operator sets them', async () => {
    expect(await btcusdt()).toMatchObject({ tags: {}, bigDealMin: '0' });
  });

  it('serves the tags per language and the threshold the operator sets, audited; saving the market keeps them', async () => {
    expect(await admin('market', 'tags', '--market', 'BTC/USDT', '--lang', 'en_US', '--tags', ' Hot , New ')).toBe(
      'market BTC/USDT tags (en_US) saved',
    );
    await admin('market', 'tags', '--market', 'btc/usdt', '--lang', 'zh_CN', '--tags', '热门');
    expect(await admin('market', 'big-deal', '--market', 'BTC/USDT', '--min-value', '25000.5')).toBe(
      'market BTC/USDT large trades from 25000.5 USDT',
    );
    await admin(...MARKET);
    expect(await btcusdt()).toMatchObject({ tags: { en_US: ['Hot', 'New'], zh_CN: ['热门'] }, bigDealMin: '25000.5' });

    await admin('market', 'tags', '--market', 'BTC/USDT', '--lang', 'zh_CN', '--tags', '');
    expect((await btcusdt())?.tags).toEqual({ en_US: ['Hot', 'New'] });
    const audit = await server.services.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'subject'])
      .where('action', 'in', ['market.tags', 'market.big-deal'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['market.tags', 'market.tags', 'market.big-deal', 'market.tags']);
    expect(new Set(audit.map((a) => `${a.actor} ${a.subject}`))).toEqual(new Set(['cli:tester BTC/USDT']));
  });

  it('refuses bad input with a message naming the flag, and changes nothing', async () => {
    for (const [argv, message] of [
      [['tags', '--market', 'DOGE/USDT', '--lang', 'en_US', '--tags', 'x'], /no market DOGE\/USDT/],
      [['tags', '--market', 'BTC/USDT', '--lang', 'xx_XX', '--tags', 'x'], /--lang must be one of/],
      [['tags', '--market', 'BTC/USDT', '--lang', 'en_US'], /--tags is required/],
      [['tags', '--market', 'BTC/USDT', '--lang', 'en_US', '--tags', 'a,b,c,d'], /at most 3 tags/],
      [['tags', '--market', 'BTC/USDT', '--lang', 'en_US', '--tags', 'Thirteen long'], /at most 12 characters/],
      [['tags', '--market', 'BTC/USDT', '--lang', 'en_US', '--tags', '<b>'], /without < >/],
      [['big-deal', '--market', 'BTC/USDT', '--min-value', '1e5'], /--min-value must be a decimal number/],
      [['big-deal', '--market', 'BTC/USDT'], /--min-value is required/],
    ] as const) {
      const before = await contentSnapshot(server);
      await expect(admin('market', ...argv)).rejects.toThrow(message);
      await expect(admin('market', ...argv)).rejects.toBeInstanceOf(AdminInputError);
      expect(await contentSnapshot(server)).toEqual(before);
    }
  });
});
