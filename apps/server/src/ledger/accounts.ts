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
  /**
   * Only accounts that mirror money owed may go negative: the external account mirrors what users hold, a loan
   * account what a user owes, the margin insurance fund what the exchange has covered beyond its means.
   */
  mayGoNegative: boolean;
  /** One account per market (`lever:BTCUSDT`): isolated margin keeps each pair's money and debt apart. */
  perMarket?: true;
}

export const accountTypes = {
  exchange: { holder: 'user', product: 'spot', mayGoNegative: false },
  otc: { holder: 'user', product: 'fiat', mayGoNegative: false },
  co: { holder: 'user', product: 'futures', mayGoNegative: false },
  /** A margin pair's money: collateral and what was borrowed, traded on the pair's book. */
  lever: { holder: 'user', product: 'margin', mayGoNegative: false, perMarket: true },
  /** A margin pair's debt per coin: minus the principal and the interest posted and not yet repaid. */
  loan: { holder: 'user', product: 'margin', mayGoNegative: true, perMarket: true },
  b2c: { holder: 'user', product: 'fiat', mayGoNegative: false },
  fee: { holder: 'system', product: 'exchange', mayGoNegative: false },
  external: { holder: 'system', product: 'exchange', mayGoNegative: true },
  insurance: { holder: 'system', product: 'exchange', mayGoNegative: false },
  /** Interest paid on margin loans: the exchange's lending income. */
  lending: { holder: 'system', product: 'margin', mayGoNegative: false },
  /** Margin's insurance fund: takes a liquidation's shortfall; below zero, the exchange has covered the loss. */
  margin_insurance: { holder: 'system', product: 'margin', mayGoNegative: true },
  /**
   * Futures' counterparty of realized PnL per margin coin: pays a closing position's gain and takes its loss. Gains
   * and losses of one contract cancel over its life, so it holds only what open positions owe each other.
   */
  futures_clearing: { holder: 'system', product: 'futures', mayGoNegative: true },
  /** Futures' insurance fund per margin coin: takes what liquidations leave, pays losses beyond a position's margin. */
  futures_insurance: { holder: 'system', product: 'futures', mayGoNegative: true },
  /**
   * Simulated futures (contract type S) trade test money kept apart from real money: the user's simulated account,
   * and its own clearing, insurance and fee accounts, so no simulated gain, loss or fee reaches a real account.
   */
  co_sim: { holder: 'user', product: 'futures', mayGoNegative: false },
  sim_clearing: { holder: 'system', product: 'futures', mayGoNegative: true },
  sim_insurance: { holder: 'system', product: 'futures', mayGoNegative: true },
  sim_fee: { holder: 'system', product: 'futures', mayGoNegative: false },
  /** Issues the simulated-trading coupons (user/receive_coupon): minus every coupon granted, as `external` is. */
  sim_faucet: { holder: 'system', product: 'futures', mayGoNegative: true },
} as const satisfies Record<string, AccountTypeSpec>;

export type AccountType = keyof typeof accountTypes;
type PerMarketType = {
  [K in AccountType]: (typeof accountTypes)[K] extends { perMarket: true } ? K : never;
}[AccountType];
type UserType = {
  [K in AccountType]: (typeof accountTypes)[K]['holder'] extends 'user' ? K : never;
}[AccountType];

/** An account's stored name: its type, and for a per-market type the upper-case market (`lever:BTCUSDT`). */
export type Account = Exclude<AccountType, PerMarketType> | `${PerMarketType}:${string}`;
export type UserAccount = Exclude<UserType, PerMarketType> | `${PerMarketType & UserType}:${string}`;

export const leverAccount = (symbol: string): UserAccount => `lever:${symbol.toUpperCase()}`;
export const loanAccount = (symbol: string): UserAccount => `loan:${symbol.toUpperCase()}`;

/** The type of a stored account name (`lever:BTCUSDT` -> lever); undefined for a name no type has. */
export function accountTypeOf(account: string): AccountType | undefined {
  const colon = account.indexOf(':');
  const type = (colon < 0 ? account : account.slice(0, colon)) as AccountType;
  const spec: AccountTypeSpec | undefined = accountTypes[type];
  if (!spec || colon >= 0 !== (spec.perMarket === true)) return undefined;
  return type;
}

/** The market of a per-market account (`lever:BTCUSDT` -> BTCUSDT); null for other accounts. */
export const marketOfAccount = (account: string): string | null => {
  const colon = account.indexOf(':');
  return colon < 0 ? null : account.slice(colon + 1);
};

export function mayGoNegative(ownerId: number, account: string): boolean {
  const type = accountTypeOf(account);
  const spec: AccountTypeSpec | undefined = type && accountTypes[type];
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
  /** Margin: a loan paid out into a pair's margin account, and its repayment. */
  borrow: 'movement',
  repay: 'movement',
  /** Futures: margin moved into or out of a position, and PnL realized by a closing fill. */
  position_margin: 'trading',
  realized_pnl: 'movement',
  /** Futures: PnL realized by closing a dated contract's position at its delivery price. */
  delivery: 'movement',
  /** Futures: the simulated-trading coupon, test money from `sim_faucet` into the user's `co_sim` account. */
  coupon: 'movement',
  // Old rows of the demo market maker's bots, pruned, summed into one row per balance (market-maker/bot-pruning.ts).
  opening_balance: 'movement',
} as const satisfies Record<string, 'trading' | 'movement'>;

export type LedgerCause = keyof typeof ledgerCauseKinds;
export const ledgerCauses = Object.keys(ledgerCauseKinds) as LedgerCause[];
export const isTradingCause = (cause: string): boolean =>
  (ledgerCauseKinds as Record<string, string>)[cause] === 'trading';
