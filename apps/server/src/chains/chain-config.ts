import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ChainsTable, CoinChainsTable } from '../db/tables/deposits.ts';
import { type AddressScheme, type BitcoinNetwork, bitcoinNetworks, toChecksumAddress } from './address-validation.ts';

/**
 * The chains the operator configured and the coins each carries. A chain is Bitcoin-style (one coin, bech32
 * addresses under its network's HRP) or EVM (a native coin plus ERC-20 tokens sharing the chain's addresses); its
 * watcher is the local simulated chain, a bitcoind node or an Ethereum JSON-RPC node.
 */
export const chainKinds = ['bitcoin', 'evm'] as const;
export const watcherKinds = ['simulated', 'bitcoind', 'evm-rpc'] as const;

export type ChainConfig = Selectable<ChainsTable>;
export type CoinChain = CoinChainsTable;

export function isBitcoinNetwork(network: string): network is keyof typeof bitcoinNetworks {
  return Object.hasOwn(bitcoinNetworks, network);
}

/** The address rules of a chain, for deriving deposit addresses and validating withdrawal addresses. */
export function addressSchemeOf(chain: Pick<ChainConfig, 'kind' | 'network'>): AddressScheme {
  if (chain.kind === 'evm') return { kind: 'evm' };
  const network: BitcoinNetwork | undefined = isBitcoinNetwork(chain.network)
    ? bitcoinNetworks[chain.network]
    : undefined;
  if (!network) throw new Error(`chain network ${chain.network} is not a Bitcoin-style network`);
  return { kind: 'bitcoin', network };
}

/** One spelling per address, so a watcher's report matches the address we issued (EVM case, bech32 lower case). */
export function canonicalAddress(kind: ChainConfig['kind'], address: string): string {
  return kind === 'evm' ? toChecksumAddress(address) : address.toLowerCase();
}

export async function listChains(db: Kysely<Database>): Promise<ChainConfig[]> {
  return db.selectFrom('chains').selectAll().orderBy('chain').execute();
}

export async function findChain(db: Kysely<Database>, chain: string): Promise<ChainConfig | undefined> {
  return db.selectFrom('chains').selectAll().where('chain', '=', chain).executeTakeFirst();
}

export async function listCoinChains(db: Kysely<Database>, filter: { coin?: string; chain?: string } = {}) {
  let query = db.selectFrom('coin_chains').selectAll();
  if (filter.coin) query = query.where('coin', '=', filter.coin);
  if (filter.chain) query = query.where('chain', '=', filter.chain);
  return query.orderBy('coin').orderBy('sort').orderBy('chain').execute();
}

export async function findCoinChain(db: Kysely<Database>, coin: string, chain: string) {
  return db
    .selectFrom('coin_chains')
    .selectAll()
    .where('coin', '=', coin)
    .where('chain', '=', chain)
    .executeTakeFirst();
}

/** Adds a chain or replaces its settings; the watcher's scan position is kept. */
export async function saveChain(
  db: Kysely<Database>,
  input: Omit<ChainConfig, 'scan_cursor' | 'scan_error' | 'updated_at' | 'explorer_tx'> & { explorer_tx?: string },
  now: number,
): Promise<void> {
  const row = { ...input, updated_at: now };
  await db
    .insertInto('chains')
    .values(row)
    .onConflict((oc) => oc.column('chain').doUpdateSet(row))
    .execute();
}

export async function saveCoinChain(db: Kysely<Database>, input: Omit<CoinChain, 'updated_at'>, now: number) {
  const row = { ...input, contract: input.contract.toLowerCase(), updated_at: now };
  await db
    .insertInto('coin_chains')
    .values(row)
    .onConflict((oc) => oc.columns(['coin', 'chain']).doUpdateSet(row))
    .execute();
}

/**
 * After a chain's key, kind or network (or a coin's memo rule) changes, the addresses issued under the old settings
 * are no longer ours to watch: they are forgotten and made again from the new settings on the next request. Deposits
 * already recorded keep their owner; a late one to a forgotten address is kept as unmatched for the operator.
 */
export async function forgetIssuedAddresses(db: Kysely<Database>, chain: string, coin?: string): Promise<number> {
  let query = db.deleteFrom('deposit_addresses').where('chain', '=', chain);
  if (coin) query = query.where('coin', '=', coin);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
