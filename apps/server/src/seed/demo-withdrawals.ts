import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../platform/clock.ts';

/**
 * The demo's withdrawal terms per coin and chain (the operator sets real ones with `withdraw config`): a fee, a
 * minimum, a review threshold above which an operator approves, and daily limits before and after KYC. Terms the
 * operator already set are left as they are; a chain the demo does not have is skipped.
 */
const demoTerms = [
  { coin: 'BTC', chain: 'BTC', fee: '0.0005', min_amount: '0.001', review_threshold: '1', basic: '2', verified: '100' },
  {
    coin: 'LTC',
    chain: 'LTC',
    fee: '0.001',
    min_amount: '0.01',
    review_threshold: '50',
    basic: '100',
    verified: '5000',
  },
  {
    coin: 'ETH',
    chain: 'ETH',
    fee: '0.002',
    min_amount: '0.01',
    review_threshold: '20',
    basic: '50',
    verified: '1000',
  },
  {
    coin: 'USDT',
    chain: 'ETH',
    fee: '2',
    min_amount: '10',
    review_threshold: '10000',
    basic: '20000',
    verified: '1000000',
  },
];

export async function seedDemoWithdrawals(db: Kysely<Database>, clock: Clock): Promise<void> {
  const chains = new Set((await db.selectFrom('chains').select('chain').execute()).map((c) => c.chain));
  for (const { basic, verified, ...terms } of demoTerms) {
    if (!chains.has(terms.chain)) continue;
    await db
      .insertInto('withdraw_coin_chains')
      .values({ ...terms, daily_limit_basic: basic, daily_limit_verified: verified, updated_at: clock.now() })
      .onConflict((oc) => oc.columns(['coin', 'chain']).doNothing())
      .execute();
  }
}
