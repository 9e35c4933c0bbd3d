/**
 * Who can hold a balance, as data: each account type names its holder (a user or the exchange itself, owner 0),
 * the product it belongs to, and whether its balance may go negative. A product adds its rows here (margin its lever
 * accounts and lending pool, futures its co accounts and insurance fund, P2P its escrow, earn its rewards); the
 * ledger and the core read only this table. The exchange's own accounts are the counter-accounts that make every
 * movement double-entry: fees earned, money outside the exchange (deposits, withdrawals, operator credits), insurance.
 */
export const SYSTEM_OWNER = 0;

export interface AccountTypeSpec {
  holder: 'user' | 'system';
  product: 'spot' | 'margin' | 'futures' | 'fiat' | 'earn' | 'exchange';
  /** Only accounts that mirror money owed may go negative (the external account mirrors what users hold). */
  mayGoNegative: boolean;
}

export const accountTypes = {
  exchange: { holder: 'user', product: 'spot', mayGoNegative: false },
  otc: { holder: 'user', product: 'fiat', mayGoNegative: false },
  co: { holder: 'user', product: 'futures', mayGoNegative: false },
  leverage: { holder: 'user', product: 'margin', mayGoNegative: false },
  b2c: { holder: 'user', product: 'fiat', mayGoNegative: false },
  fee: { holder: 'system', product: 'exchange', mayGoNegative: false },
  external: { holder: 'system', product: 'exchange', mayGoNegative: true },
  insurance: { holder: 'system', product: 'exchange', mayGoNegative: false },
} as const satisfies Record<string, AccountTypeSpec>;

export type AccountType = keyof typeof accountTypes;
export type UserAccountType = {
  [K in AccountType]: (typeof accountTypes)[K]['holder'] extends 'user' ? K : never;
}[AccountType];

export function mayGoNegative(ownerId: number, account: AccountType): boolean {
  const spec: AccountTypeSpec | undefined = accountTypes[account];
  return spec?.mayGoNegative === true && (spec.holder === 'system') === (ownerId === SYSTEM_OWNER);
}

/**
 * Why a balance moved; every ledger row names one. `trading` causes are trading itself (a push of a balance they
 * move carries no `moved` amount); the others move money into, out of or between accounts.
 */
export const ledgerCauseKinds = {
  deposit: 'movement',
  withdrawal: 'movement',
  operator_credit: 'movement',
  trade: 'trading',
  fee: 'trading',
  order_lock: 'trading',
  order_unlock: 'trading',
  transfer: 'movement',
  interest: 'movement',
  funding: 'movement',
  reward: 'movement',
  liquidation: 'movement',
  // Old rows of the demo market maker's bots, pruned, summed into one row per balance (market-maker/bot-pruning.ts).
  opening_balance: 'movement',
} as const satisfies Record<string, 'trading' | 'movement'>;

export type LedgerCause = keyof typeof ledgerCauseKinds;
export const ledgerCauses = Object.keys(ledgerCauseKinds) as LedgerCause[];
export const isTradingCause = (cause: string): boolean =>
  (ledgerCauseKinds as Record<string, string>)[cause] === 'trading';
