import { coinSymbolIntroduce } from '@opex/contract/calls/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { contentSnapshot } from './content-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

describe.each(testDialects)("a coin's introduction on %s", (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const introduce = (lang: string) => {
    const client = server.client();
    client.cookies.set('lan', lang);
    return client.call(coinSymbolIntroduce, { symbol: 'btc' });
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await admin('coin', 'add', '--symbol', 'BTC', '--name', 'Bitcoin', '--show-precision', '6', '--scale', '8');
  });
  afterAll(() => server.close());

  it('serves empty fields until the operator sets them', async () => {
    const { code, data } = await introduce('en_US');
    expect(code).toBe('0');
    expect(data).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      icon: '',
      introduction: '',
      issueDate: '',
      supply: '',
      website: '',
      whitePaper: '',
    });
  });

  it('serves what `coin profile` sets, per language with the English fallback, audited; coin add keeps it', async () => {
    const base = ['coin', 'profile', '--symbol', 'btc'];
    expect(
      await admin(
        ...base,
        '--issue-date',
        '2009-01-03',
        '--supply',
        '20999999.97690000',
        '--website',
        'https://bitcoin.org',
        '--white-paper',
        'https://bitcoin.org/bitcoin.pdf',
        '--intro-lang',
        'en_US',
        '--intro',
        '<p>Peer-to-peer cash.</p>',
      ),
    ).toBe('coin BTC profile saved');
    await admin(...base, '--intro-lang', 'zh_CN', '--intro', '<p>点对点电子现金。</p>');
    // Saving the coin's other fields leaves its profile as it was.
    await admin('coin', 'add', '--symbol', 'BTC', '--name', 'Bitcoin', '--show-precision', '6', '--scale', '8');
    const english = await introduce('en_US');
    expect(english.data).toMatchObject({
      introduction: '<p>Peer-to-peer cash.</p>',
      issueDate: '2009-01-03',
      supply: '20999999.97690000',
      website: 'https://bitcoin.org',
      whitePaper: 'https://bitcoin.org/bitcoin.pdf',
    });
    expect((await introduce('zh_CN')).data.introduction).toBe('<p>点对点电子现金。</p>');
    expect((await introduce('ja_JP')).data.introduction).toBe('<p>Peer-to-peer cash.</p>');

    await admin(...base, '--white-paper', '');
    expect((await introduce('en_US')).data).toMatchObject({ whitePaper: '', website: 'https://bitcoin.org' });
    const audit = await server.services.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'coin.profile')
      .execute();
    expect(audit.map((a) => [a.actor, a.subject])).toEqual([
      ['cli:tester', 'BTC'],
      ['cli:tester', 'BTC'],
      ['cli:tester', 'BTC'],
    ]);
  });

  it('refuses bad profile input with a message naming the flag, and changes nothing', async () => {
    for (const [argv, message] of [
      [['--symbol', 'NOPE', '--supply', '1'], /no coin NOPE/],
      [['--symbol', 'BTC', '--supply', '21,000'], /--supply must be a decimal number/],
      [['--symbol', 'BTC', '--supply', '1e6'], /--supply must be a decimal number/],
      [['--symbol', 'BTC', '--issue-date', '2009-13-40'], /--issue-date must be a date/],
      [['--symbol', 'BTC', '--website', 'javascript:alert(1)'], /--website must be an http/],
      [['--symbol', 'BTC', '--white-paper', 'ftp://x'], /--white-paper must be an http/],
      [['--symbol', 'BTC', '--intro-lang', 'xx_XX', '--intro', 'x'], /--lang must be one of/],
      [['--symbol', 'BTC', '--intro-lang', 'en_US'], /--intro-lang needs --intro/],
    ] as const) {
      const before = await contentSnapshot(server);
      await expect(admin('coin', 'profile', ...argv)).rejects.toThrow(message);
      await expect(admin('coin', 'profile', ...argv)).rejects.toBeInstanceOf(AdminInputError);
      expect(await contentSnapshot(server)).toEqual(before);
    }
  });
});
