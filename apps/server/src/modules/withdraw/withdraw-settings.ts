import { KycStatus } from '@opex/contract/calls/security';
import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import type { Kysely, Selectable } from 'kysely';
import type { ChainConfig } from '../../chains/chain-config.ts';
import type { Database } from '../../db/schema.ts';
import type { WithdrawCoinChainsTable } from '../../db/tables/withdrawals.ts';
import { latestKyc } from '../../kyc/kyc.ts';
import { CallError } from '../../platform/call-error.ts';

/**
 * What the operator set for withdrawing a coin on a chain (fee, minimum, review threshold, daily limits), joined
 * with the chain itself (deposits own the chains table: its kind and network say how addresses are checked).
 */
export type WithdrawCoinChain = Selectable<WithdrawCoinChainsTable> & Pick<ChainConfig, 'kind' | 'network'>;

const DAY_MS = 24 * 60 * 60_000;

export async function coinChains(db: Kysely<Database>, coin: string): Promise<WithdrawCoinChain[]> {
  return db
    .selectFrom('withdraw_coin_chains as w')
    .innerJoin('chains as c', 'c.chain', 'w.chain')
    .selectAll('w')
    .select(['c.kind', 'c.network'])
    .where('w.coin', '=', coin)
    .orderBy('w.chain')
    .execute();
}

export async function coinChain(db: Kysely<Database>, coin: string, chain: string): Promise<WithdrawCoinChain> {
  const found = (await coinChains(db, coin)).find((c) => c.chain === chain.toUpperCase());
  if (!found) throw new CallError(ErrorCode.withdrawChainUnavailable);
  return found;
}

/** The label the contract shows for a chain's address rules. */
export function addressFormatOf(chain: Pick<WithdrawCoinChain, 'kind' | 'network'>): string {
  return chain.kind === 'evm' ? 'evm' : chain.network;
}

export async function isVerified(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await latestKyc(db, userId))?.status === KycStatus.approved;
}

export function dailyLimitOf(chain: WithdrawCoinChain, verified: boolean): string {
  return verified ? chain.daily_limit_verified : chain.daily_limit_basic;
}

/** What the user asked to withdraw of a coin in the last 24 hours, whatever became of it but refusals. */
export async function usedToday(db: Kysely<Database>, userId: number, coin: string, now: number): Promise<Big> {
  const rows = await db
    .selectFrom('withdrawals')
    .select('amount')
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .where('created_at', '>', now - DAY_MS)
    .where('state', 'not in', ['rejected', 'cancelled', 'locking'])
    .execute();
  return rows.reduce((sum, r) => sum.plus(r.amount), new Big(0));
}
