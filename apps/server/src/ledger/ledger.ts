import Big from 'big.js';
import { type Account, type LedgerCause, SYSTEM_OWNER } from './accounts.ts';

/**
 * The double-entry ledger. A movement is a set of postings whose deltas sum to zero per coin; the trading core posts
 * it (BalanceCache.post, the one posting routine): it changes the balances and writes one ledger row per posting, all
 * in one transaction, or nothing at all.
 */
export interface Posting {
  ownerId: number;
  account: Account;
  coin: string;
  field: 'available' | 'locked';
  /** A signed decimal string. */
  delta: string;
}

export interface Movement {
  cause: LedgerCause;
  causeId: string;
  memo?: string;
  postings: Posting[];
}

export type LedgerFailure = 'invalid_amount' | 'unbalanced' | 'insufficient';

export class LedgerError extends Error {
  constructor(
    readonly reason: LedgerFailure,
    message: string,
  ) {
    super(message);
  }
}

const decimalPattern = /^-?\d{1,30}(\.\d{1,30})?$/;

export function parseAmount(value: string): Big {
  if (!decimalPattern.test(value)) throw new LedgerError('invalid_amount', `Not a decimal amount: ${value}`);
  return new Big(value);
}

export function assertBalanced(movement: Movement): void {
  if (movement.postings.length === 0) throw new LedgerError('unbalanced', 'A movement needs postings');
  const sums = new Map<string, Big>();
  for (const posting of movement.postings) {
    const delta = parseAmount(posting.delta);
    if (delta.eq(0)) throw new LedgerError('invalid_amount', 'A posting cannot be zero');
    sums.set(posting.coin, (sums.get(posting.coin) ?? new Big(0)).plus(delta));
  }
  for (const [coin, sum] of sums) {
    if (!sum.eq(0)) throw new LedgerError('unbalanced', `Postings in ${coin} do not sum to zero`);
  }
}

/** Money entering from outside (deposit, operator credit): the user's available rises, the external account falls. */
export function creditFromOutside(input: {
  ownerId: number;
  account?: Account;
  coin: string;
  amount: string;
  cause: LedgerCause;
  causeId: string;
  memo?: string;
}): Movement {
  const amount = parseAmount(input.amount);
  if (amount.lte(0)) throw new LedgerError('invalid_amount', 'The amount must be positive');
  return {
    cause: input.cause,
    causeId: input.causeId,
    ...(input.memo ? { memo: input.memo } : {}),
    postings: [
      {
        ownerId: input.ownerId,
        account: input.account ?? 'exchange',
        coin: input.coin,
        field: 'available',
        delta: amount.toFixed(),
      },
      {
        ownerId: SYSTEM_OWNER,
        // Test money for simulated futures comes from their faucet: it never mirrors money outside the exchange.
        account: input.account === 'co_sim' ? 'sim_faucet' : 'external',
        coin: input.coin,
        field: 'available',
        delta: amount.neg().toFixed(),
      },
    ],
  };
}
