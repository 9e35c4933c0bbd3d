import type { Kysely } from 'kysely';
import { findChain, saveChain, saveCoinChain } from '../chains/chain-config.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * The demo's deposit chains: simulated chains (operator commands send and mine on them) for the demo coins. The
 * extended public keys were derived once from random seeds that were thrown away, so no one can spend from these
 * addresses; Bitcoin uses the regtest prefix (bcrt1) so its addresses cannot be mistaken for real ones.
 * A chain the operator already configured is left as it is. The simulated chains have no block explorer, so their
 * records link nowhere (a real network's explorer would not know their transactions); an operator sets one with
 * `chain set <chain> ... --explorer-tx 'https://.../tx/{txid}'`.
 */
export const demoChains = [
  {
    chain: {
      chain: 'BTC',
      name: 'Bitcoin (simulated)',
      kind: 'bitcoin' as const,
      network: 'bitcoin-regtest',
      xpub: 'xpub6Cq6HwezqdHnj7H9MqwRKA3DoQdwFUXvGKZYRwyEfUBgKUpx9RQPK8zZMQuTaUm58Tk7Z68sSsurVSrT7tsr5vAvKtfHNVTi7sHG6CyVv15',
      confirmations: 2,
    },
    coins: [{ coin: 'BTC', min_deposit: '0.0001', decimals: 8 }],
  },
  {
    chain: {
      chain: 'LTC',
      name: 'Litecoin (simulated)',
      kind: 'bitcoin' as const,
      network: 'litecoin',
      xpub: 'xpub6Bp8ifeFkKwoc9GnoGwbzSkA6ATBN9a3tBU5cS6VbrwzCc4Jj2PtZ5LAHjVZePMwqTFEjZvyoNNRoeiHpWbSiBoDVq2MDq5K4LTJSqr2ZUF',
      confirmations: 3,
    },
    coins: [{ coin: 'LTC', min_deposit: '0.01', decimals: 8 }],
  },
  {
    chain: {
      chain: 'ETH',
      name: 'Ethereum (simulated)',
      kind: 'evm' as const,
      network: 'simulated',
      xpub: 'xpub6Bm29SFmyKPw1EairTqg3YMe4b6H6tDhfi2mo9dhVKBwbSAdP1eyiPqao61PQYtM7zymwmvoWV4Nkf3Fii6Dmh1XchpL9AJdDHeHrSMKgj9',
      confirmations: 3,
    },
    coins: [
      { coin: 'ETH', min_deposit: '0.001', decimals: 18 },
      { coin: 'USDT', min_deposit: '1', decimals: 6, contract: '0xdac17f958d2ee523a2206206994597c13d831ec7' },
    ],
  },
];

export async function seedDemoChains(db: Kysely<Database>, clock: Clock): Promise<string[]> {
  const added: string[] = [];
  for (const { chain, coins } of demoChains) {
    if (await findChain(db, chain.chain)) continue;
    await saveChain(db, { ...chain, watcher: 'simulated', rpc_url: '' }, clock.now());
    for (const [sort, coin] of coins.entries()) {
      await saveCoinChain(db, { chain: chain.chain, need_memo: 0, contract: '', sort, ...coin }, clock.now());
    }
    added.push(chain.chain);
  }
  return added;
}
