import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { saveCoin } from '../src/catalog/coins.ts';
import { auditLedger } from '../src/ledger/ledger-audit.ts';
import type { TestServer } from './harness.ts';
import { ledgerConservation } from './trading-fixtures.ts';

/** Coins and chains for deposit tests, configured the way an operator does it (the command line). */
export const BTC_XPUB =
  'xpub6Cq6HwezqdHnj7H9MqwRKA3DoQdwFUXvGKZYRwyEfUBgKUpx9RQPK8zZMQuTaUm58Tk7Z68sSsurVSrT7tsr5vAvKtfHNVTi7sHG6CyVv15';
export const ETH_XPUB =
  'xpub6Bm29SFmyKPw1EairTqg3YMe4b6H6tDhfi2mo9dhVKBwbSAdP1eyiPqao61PQYtM7zymwmvoWV4Nkf3Fii6Dmh1XchpL9AJdDHeHrSMKgj9';
export const USDT_CONTRACT = '0xdac17f958d2ee523a2206206994597c13d831ec7';

export function adminContext(server: TestServer): AdminContext {
  return { handle: server.services.database, clock: server.clock, actor: 'cli:test' };
}

export async function listDepositCoins(server: TestServer): Promise<void> {
  const { db } = server.services.database;
  const now = server.clock.now();
  await saveCoin(db, { symbol: 'BTC', name: 'Bitcoin', showPrecision: 6, scale: 8 }, now);
  await saveCoin(db, { symbol: 'ETH', name: 'Ethereum', showPrecision: 6, scale: 8 }, now);
  await saveCoin(db, { symbol: 'USDT', name: 'Tether USD', showPrecision: 2, scale: 6 }, now);
  await saveCoin(db, { symbol: 'TAG', name: 'Tag coin', showPrecision: 4, scale: 6 }, now);
}

/**
 * BTC on a simulated regtest chain (2 confirmations), ETH and USDT on a simulated EVM chain (3), and TAG on a
 * simulated chain that needs a memo (1).
 */
export async function configureSimulatedChains(server: TestServer): Promise<void> {
  const admin = (...argv: string[]) => runAdmin(argv, adminContext(server));
  await admin('switch', 'set', 'is_deposit_open', '1');
  await listDepositCoins(server);
  await admin(
    'chain',
    'set',
    'BTC',
    '--name',
    'Bitcoin',
    '--kind',
    'bitcoin',
    '--network',
    'bitcoin-regtest',
    '--confirmations',
    '6',
  );
  await admin('chain', 'set', 'BTC', '--confirmations', '2', '--xpub', BTC_XPUB);
  await admin('chain', 'coin', 'BTC', 'BTC', '--min', '0.001', '--decimals', '8');
  await admin('chain', 'set', 'ETH', '--name', 'Ethereum', '--kind', 'evm', '--network', 'sim', '--confirmations', '3');
  await admin('chain', 'set', 'ETH', '--xpub', ETH_XPUB);
  await admin('chain', 'coin', 'ETH', 'ETH', '--min', '0.01', '--decimals', '18');
  await admin('chain', 'coin', 'USDT', 'ETH', '--min', '1', '--decimals', '6', '--contract', USDT_CONTRACT);
  await admin(
    'chain',
    'set',
    'TAGGED',
    '--name',
    'Tagged test chain',
    '--kind',
    'evm',
    '--network',
    'sim',
    '--confirmations',
    '1',
  );
  await admin('chain', 'set', 'TAGGED', '--xpub', ETH_XPUB);
  await admin('chain', 'coin', 'TAG', 'TAGGED', '--min', '1', '--decimals', '6', '--memo', '1');
}

/** Every coin's ledger sums to zero, every balance equals its ledger history, and money is conserved. */
export async function ledgerProblems(server: TestServer): Promise<string[]> {
  const audit = await auditLedger(server.services.database.db);
  return [
    ...Object.entries(audit.unbalancedCoins).map(([c, s]) => `${c} sums to ${s}`),
    ...audit.mismatches,
    ...(await ledgerConservation(server.services.database.db)),
  ];
}
