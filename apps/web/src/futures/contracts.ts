import type { CallReply } from '@opex/contract/call';
import type { coPublicInfo } from '@opex/contract/calls/co-common';
import { EMPTY_DISPLAY, formatAmount } from '@opex/contract/display';
import Big from 'big.js';

/**
 * The futures catalogue as the pages read it (contract-notes-products.md §1.1): which contract a page shows, its
 * socket key, the decimals of its quantities, and its rates as percentages. No React, no HTTP.
 */
export type Contract = CallReply<typeof coPublicInfo>['contractList'][number];

/**
 * The contract a page shows (platform.md §4): the path segment naming a contract, else the saved one, else the one
 * of lowest sort. Names compare without case, so /proSwap/e-btc-usdt finds E-BTC-USDT.
 */
export function chooseContract(
  list: readonly Contract[],
  segment: string | undefined,
  saved: string | undefined,
): Contract | undefined {
  const named = (name: string | undefined) =>
    name ? list.find((c) => c.contractName.toLowerCase() === name.toLowerCase()) : undefined;
  return named(segment) ?? named(saved) ?? [...list].sort((a, b) => a.sort - b.sort)[0];
}

/** A simulated contract (type S): traded with the coupon's test money in the simulated account. */
export const isSimulated = (contract: Pick<Contract, 'contractType'>): boolean => contract.contractType === 'S';

/** The contracts of one side of the page's Real / Simulated switch. */
export const contractsOfMode = <C extends Pick<Contract, 'contractType'>>(list: readonly C[], simulated: boolean) =>
  list.filter((c) => isSimulated(c) === simulated);

/** The socket's key of a contract, `{contractType}_{base}{quote}` in lower case: E-BTC-USDT -> e_btcusdt. */
export function socketKey(contract: Pick<Contract, 'contractName'>): string {
  const [type = '', base = '', quote = ''] = contract.contractName.split('-');
  return `${type}_${base}${quote}`.toLowerCase();
}

/** Decimals of a base-coin quantity: the multiplier's (0.001 -> 3). */
export function baseDigits(contract: Pick<Contract, 'multiplier'>): number {
  return contract.multiplier.split('.')[1]?.replace(/0+$/, '').length ?? 0;
}

/** The coin a contract's value is counted in: the quote coin when linear (contractSide 1), else the base coin. */
export function valueCoin(contract: Pick<Contract, 'contractSide' | 'base' | 'quote'>): string {
  return contract.contractSide === 1 ? contract.quote : contract.base;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
export const isDecimal = (value: string | undefined | null): value is string => !!value && DECIMAL.test(value);

/** A fraction ('0.0001') as a signed percentage at `digits` decimals, cut not rounded ('0.0100%'); '--' if none. */
export function percentText(fraction: string | undefined, digits: number): string {
  if (!isDecimal(fraction)) return EMPTY_DISPLAY;
  const percent = new Big(fraction).times(100).round(digits, Big.roundDown);
  return `${percent.toFixed(digits)}%`;
}

/** A price or amount that may be absent or '0' meaning none (a liquidation price): '--' then. */
export function optionalAmount(value: string | undefined, digits: number, unit?: string): string {
  return isDecimal(value) && new Big(value).gt(0) ? formatAmount(value, digits, unit) : EMPTY_DISPLAY;
}

/** A signed amount with its sign shown ('+12.50'), for PnL. */
export function signedAmount(value: string | undefined, digits: number, unit?: string): string {
  if (!isDecimal(value)) return EMPTY_DISPLAY;
  const text = formatAmount(value, digits, unit);
  return new Big(value).gt(0) ? `+${text}` : text;
}

/** 'rise' / 'fall' / 'flat' for a signed figure, as the trading sheet colours it. */
export function toneOf(value: string | undefined): 'rise' | 'fall' | 'flat' {
  if (!isDecimal(value)) return 'flat';
  const n = new Big(value);
  return n.gt(0) ? 'rise' : n.lt(0) ? 'fall' : 'flat';
}

/**
 * Contracts shown in the user's unit (coUnit 1 base coin, 2 contracts): contracts x multiplier, exactly, at the
 * base coin's decimals; or the whole contracts as they are.
 */
export function quantityText(contracts: string, contract: Contract, unit: CoUnit): string {
  if (!isDecimal(contracts)) return EMPTY_DISPLAY;
  if (unit === 2) return formatAmount(contracts, 0);
  return formatAmount(new Big(contracts).times(contract.multiplier).toFixed(), baseDigits(contract), contract.base);
}

/** The quantity unit: 1 base coin, 2 contracts (platform.md §4: default 2, saved locally, the server's config wins). */
export type CoUnit = 1 | 2;
export const DEFAULT_CO_UNIT: CoUnit = 2;
export const coUnitOf = (value: number | undefined): CoUnit => (value === 1 ? 1 : DEFAULT_CO_UNIT);
