import type { AccountTypeName } from '@opex/contract/calls/finance-transfer';
import Big from 'big.js';
import { type Product, productBuilt } from '../../products/products.ts';

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

/**
 * The account types a site offers: those whose product is built (products/products.ts) and whose switch is on (P2P
 * fiat_trade_open, fiat fiat_open). With spot alone there is nothing to transfer between. Margin is no single
 * account: each pair has its own, moved to and from with lever/finance/transfer (features/margin). Nor is futures
 * here: its account moves with contract/co_transfer (futures/CoTransferDialog.tsx), which obeys each contract's
 * fundsInStatus / fundsOutStatus.
 */
const accountProducts: Partial<Record<AccountTypeName, [Product, string | undefined]>> = {
  exchange: ['spot', undefined],
  otc: ['otc', 'fiat_trade_open'],
  b2c: ['fiat', 'fiat_open'],
};

export function offeredAccounts(switchOn: (name: string) => boolean): AccountTypeName[] {
  return Object.entries(accountProducts)
    .filter(([, [product, name]]) => productBuilt(product) && (name === undefined || switchOn(name)))
    .map(([type]) => type as AccountTypeName);
}

/** The other side of a transfer when one side is chosen: the exchange account, or the first other one. */
export function counterpart(side: AccountTypeName, offered: readonly AccountTypeName[]): AccountTypeName {
  if (side !== 'exchange' && offered.includes('exchange')) return 'exchange';
  return offered.find((type) => type !== side) ?? side;
}
