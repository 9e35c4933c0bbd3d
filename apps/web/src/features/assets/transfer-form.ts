import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import Big from 'big.js';

/**
 * The transfer dialog's rules, apart from React: what the form refuses before asking the server (which checks it
 * all again), and which account types a user can move between.
 */
export type TransferProblem = 'amountRequired' | 'overAvailable' | 'sameAccount';

export function transferProblem(form: {
  from: AccountTypeName;
  to: AccountTypeName;
  amount: string;
  available: string | undefined;
}): TransferProblem | null {
  if (form.from === form.to) return 'sameAccount';
  if (!/^\d+(\.\d+)?$/.test(form.amount) || new Big(form.amount).eq(0)) return 'amountRequired';
  if (form.available !== undefined && new Big(form.amount).gt(form.available)) return 'overAvailable';
  return null;
}

/** The account types a site offers: margin only with leverage on, fiat only with fiat on. */
export function offeredAccounts(switchOn: (name: string) => boolean): AccountTypeName[] {
  const gated: Partial<Record<AccountTypeName, string>> = { leverage: 'lever_open', b2c: 'fiat_open' };
  return (['exchange', 'otc', 'co', 'leverage', 'b2c'] as const).filter((type) => {
    const name = gated[type];
    return name === undefined || switchOn(name);
  });
}

/** The other side of a transfer when one side is chosen: the exchange account, or the first other one. */
export function counterpart(side: AccountTypeName, offered: readonly AccountTypeName[]): AccountTypeName {
  if (side !== 'exchange' && offered.includes('exchange')) return 'exchange';
  return offered.find((type) => type !== side) ?? side;
}
