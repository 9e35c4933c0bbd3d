/**
 * Who can hold a balance. Users hold balances in the spec's account types; the exchange itself (owner 0) holds
 * the counter-accounts that make every movement double-entry: fees earned, money outside the exchange
 * (deposits and withdrawals, operator credits), and the insurance fund.
 */
export const SYSTEM_OWNER = 0;

export const userAccountTypes = ['exchange', 'otc', 'co', 'leverage', 'b2c'] as const;
export type UserAccountType = (typeof userAccountTypes)[number];

export const systemAccountTypes = ['fee', 'external', 'insurance'] as const;
export type SystemAccountType = (typeof systemAccountTypes)[number];

export type AccountType = UserAccountType | SystemAccountType;

/** Only the external account may go negative: it mirrors what the exchange holds for its users. */
export function mayGoNegative(ownerId: number, account: AccountType): boolean {
  return ownerId === SYSTEM_OWNER && account === 'external';
}

/** Why a balance moved; every ledger row names one. */
export const ledgerCauses = [
  'deposit',
  'withdrawal',
  'operator_credit',
  'trade',
  'fee',
  'order_lock',
  'order_unlock',
  'transfer',
  'interest',
  'funding',
  'reward',
  'liquidation',
  // Old rows of the demo market maker's bots, pruned, summed into one row per balance (market-maker/bot-pruning.ts).
  'opening_balance',
] as const;
export type LedgerCause = (typeof ledgerCauses)[number];
