import type { AddressInfo } from 'node:net';
import { coTransfer } from '@opex/contract/calls/co-account';
import { createCoId } from '@opex/contract/calls/co-user';
import { expect } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import type { Dialect } from '../src/db/database.ts';
import { addBtcAndUsdt, BTC_BRACKETS, linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer } from './harness.ts';
import { fund, loginAs } from './trading-fixtures.ts';

/**
 * A listening test server for the futures Open API's signed tests: BTC and USDT, the linear perpetual E-BTC-USDT
 * (0.001 BTC a contract, brackets 125x to 50000 at 0.4% and 100x to 250000 at 0.5%), BTC at 20000 USD, and each
 * user with 1000 USDT moved into the futures account opened on the web. `inverse` adds the inverse perpetual
 * E-BTC-USD (100 USD a contract, price to 0.1, maker 0.02%, taker 0.05%, brackets 125x to 10 BTC at 0.4% and 100x
 * to 50 BTC at 0.5%) and moves 1 BTC into each user's futures account too.
 */
export interface FuturesApiServer {
  server: TestServer;
  base: string;
  contractId: number;
  clients: TestClient[];
  admin: (...argv: string[]) => Promise<unknown>;
}

export async function startFuturesApiServer(
  dialect: Dialect,
  userIds: number[],
  options: { inverse?: boolean } = {},
): Promise<FuturesApiServer> {
  const server = await startTestServer(dialect, { env: { CONTRACT_PRICES_MS: '0' } });
  const ctx: AdminContext = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
  const admin = (...argv: string[]) => runAdmin(argv, ctx);
  await addBtcAndUsdt(admin);
  await admin(...linearContractAdd('USDT', '--min-order-money', '5'));
  await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', BTC_BRACKETS);
  if (options.inverse) {
    await admin(
      ...['contract', 'add', '--base', 'BTC', '--quote', 'USD', '--type', 'E', '--side', 'inverse'],
      ...['--multiplier', '100', '--price-precision', '1', '--max-limit-volume', '100000'],
      ...['--max-market-money', '1000000', '--maker-fee', '0.0002', '--taker-fee', '0.0005'],
    );
    await admin('contract', 'brackets', 'E-BTC-USD', '--tiers', '10:125:0.004,50:100:0.005');
  }
  const contractId = Number(
    (
      await server.services.database.db
        .selectFrom('contracts')
        .select('id')
        .where('contract_name', '=', 'E-BTC-USDT')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await server.services.core.reloadMarkets();
  await admin('price', 'set', '--coin', 'USDT', '--fiat', 'usd', '--price', '1');
  await admin('price', 'set', '--coin', 'BTC', '--fiat', 'usd', '--price', '20000');
  await server.services.prices.current();
  await server.services.contractPrices.tick();
  const clients: TestClient[] = [];
  for (const id of userIds) {
    const client = await loginAs(server, id);
    await fund(server.services.core, id, 'USDT', '1000');
    await client.call(coTransfer, { transferType: 'wallet_to_contract', amount: '1000', coinSymbol: 'USDT' });
    if (options.inverse) {
      await fund(server.services.core, id, 'BTC', '1');
      await client.call(coTransfer, { transferType: 'wallet_to_contract', amount: '1', coinSymbol: 'BTC' });
    }
    expect((await client.call(createCoId, {})).code).toBe('0');
    clients.push(client);
  }
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return { server, base, contractId, clients, admin };
}
