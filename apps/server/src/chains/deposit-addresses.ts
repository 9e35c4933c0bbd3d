import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DepositAddressesTable } from '../db/tables/deposits.ts';
import type { Clock } from '../platform/clock.ts';
import { addressSchemeOf, type ChainConfig, type CoinChain } from './chain-config.ts';
import { bitcoinAddress, DerivationError, evmAddress, parseExtendedPublicKey } from './hd-derivation.ts';

/**
 * One deposit address per user, coin and chain, stored with its generation state. Address i of the chain's key is
 * the user's id, so an address is the same whenever it is made (and ERC-20 tokens share the user's chain address).
 * A chain that needs a memo has one shared address (index 0, which no user id takes) and the user's id as memo.
 * A failed generation is stored with its reason and retried on the next request (the operator may have fixed it).
 */
export type DepositAddress = Omit<DepositAddressesTable, 'id'> & { id: number };

export function deriveDepositAddress(chain: ChainConfig, coinChain: CoinChain, userId: number) {
  const account = parseExtendedPublicKey(chain.xpub);
  const index = coinChain.need_memo ? 0 : userId;
  const scheme = addressSchemeOf(chain);
  const address = scheme.kind === 'evm' ? evmAddress(account, index) : bitcoinAddress(account, index, scheme.network);
  return { address, memo: coinChain.need_memo ? String(userId) : '' };
}

export async function depositAddressFor(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  chain: ChainConfig,
  coinChain: CoinChain,
): Promise<DepositAddress> {
  const existing = await db
    .selectFrom('deposit_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('coin', '=', coinChain.coin)
    .where('chain', '=', chain.chain)
    .executeTakeFirst();
  if (existing?.state === 'ready') return existing;

  let outcome: Pick<DepositAddress, 'address' | 'memo' | 'state' | 'error'>;
  try {
    outcome = { ...deriveDepositAddress(chain, coinChain, userId), state: 'ready', error: '' };
  } catch (error) {
    if (!(error instanceof DerivationError)) throw error;
    outcome = { address: '', memo: '', state: 'failed', error: error.reason };
  }
  const now = clock.now();
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, coin: coinChain.coin, chain: chain.chain, ...outcome, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'coin', 'chain']).doUpdateSet({ ...outcome, updated_at: now }))
    .execute();
  return db
    .selectFrom('deposit_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('coin', '=', coinChain.coin)
    .where('chain', '=', chain.chain)
    .executeTakeFirstOrThrow();
}

/** Whose deposit this is: the issued address (and memo, where the chain shares its address) that it was sent to. */
export async function ownerOfAddress(
  db: Kysely<Database>,
  chain: string,
  address: string,
  memo: string | null,
): Promise<number | null> {
  let query = db
    .selectFrom('deposit_addresses')
    .select('user_id')
    .where('chain', '=', chain)
    .where('address', '=', address)
    .where('state', '=', 'ready');
  if (memo !== null) query = query.where('memo', '=', memo);
  const row = await query.limit(1).executeTakeFirst();
  return row ? Number(row.user_id) : null;
}
