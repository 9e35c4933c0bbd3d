import type { UserAccount } from '../ledger/accounts.ts';

/**
 * Whose rows a read returns: a user's account of one type. Spot reads the exchange account; margin and futures
 * will pass their own account types to the same reads.
 */
export interface AccountRef {
  userId: number;
  type: UserAccount;
}

export const exchangeAccount = (userId: number): AccountRef => ({ userId, type: 'exchange' });
