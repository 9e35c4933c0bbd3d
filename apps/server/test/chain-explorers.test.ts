import { publicInfoV4 } from '@opex/contract/calls/public-info';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { AdminInputError } from '../src/admin/admin-input.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';

const BTC_CHAIN = ['chain', 'set', 'BTC', '--kind', 'bitcoin', '--network', 'bitcoin', '--confirmations', '2'];

describe.each(testDialects)('block-explorer links per chain on %s', (dialect) => {
  let server: TestServer;
  let ctx: AdminContext;
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  const explorers = async () => (await server.client().call(publicInfoV4)).data.txExplorers;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ctx = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await admin(...BTC_CHAIN);
  });
  afterAll(() => server.close());

  it('serves the template the operator sets, audited, kept when the chain is saved again', async () => {
    expect(await explorers()).toEqual({});
    await admin(...BTC_CHAIN, '--explorer-tx', 'https://mempool.space/tx/{txid}');
    await admin(...BTC_CHAIN);
    expect(await explorers()).toEqual({ BTC: 'https://mempool.space/tx/{txid}' });
    const audit = await server.services.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chain.set')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ explorer_tx: 'https://mempool.space/tx/{txid}' });
    await admin(...BTC_CHAIN, '--explorer-tx', '');
    expect(await explorers()).toEqual({});
  });

  it('refuses a template that is not an http(s) address with {txid}, and changes nothing', async () => {
    for (const bad of ['https://mempool.space/tx/', 'javascript:alert("{txid}")', 'ftp://x/{txid}']) {
      const before = await server.services.database.db.selectFrom('chains').selectAll().execute();
      await expect(admin(...BTC_CHAIN, '--explorer-tx', bad)).rejects.toThrow(/--explorer-tx must be an http/);
      await expect(admin(...BTC_CHAIN, '--explorer-tx', bad)).rejects.toBeInstanceOf(AdminInputError);
      expect(await server.services.database.db.selectFrom('chains').selectAll().execute()).toEqual(before);
    }
  });
});
