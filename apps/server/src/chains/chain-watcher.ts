import Big from 'big.js';
import type { ChainConfig, CoinChain } from './chain-config.ts';

/**
 * What every chain adapter offers the deposit processor: the chain's height, the transfers to our addresses since
 * a cursor, and where an earlier transfer stands now (for confirmations and re-orgs). Adapters report what the
 * chain says; deciding what to credit is the processor's job.
 */
export interface ObservedTransfer {
  txid: string;
  /** Output index (Bitcoin vout, ERC-20 log index, 0 for an EVM native transfer). */
  outputIndex: number;
  coin: string;
  address: string;
  memo: string;
  /** Exact decimal amount in the coin's unit. */
  amount: string;
  /** null while unconfirmed. */
  blockHeight: number | null;
}

/** A transfer's place now: its block height, null when back in (or still in) the mempool, 'gone' when dropped. */
export type TransferLocation = number | null | 'gone';

export interface WatchScope {
  chain: ChainConfig;
  /** The coins this chain carries. */
  coins: CoinChain[];
  /** Our issued addresses on the chain, in canonical form. */
  addresses: Set<string>;
}

export interface ChainWatcher {
  tipHeight(): Promise<number>;
  /** Transfers to the scope's addresses after `cursor` ('' = start now); returns the cursor to pass next time. */
  scan(cursor: string, scope: WatchScope): Promise<{ transfers: ObservedTransfer[]; cursor: string }>;
  locate(
    transfer: Pick<ObservedTransfer, 'txid' | 'outputIndex' | 'coin'>,
    scope: WatchScope,
  ): Promise<TransferLocation>;
}

/** Confirmations of a transfer at `height` when the chain's tip is `tip` (the including block counts as one). */
export function confirmationsAt(tip: number, height: number | null): number {
  return height === null ? 0 : Math.max(0, tip - height + 1);
}

/** An integer amount of the smallest on-chain unit as an exact decimal of the coin. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  return new Big(units.toString()).div(new Big(10).pow(decimals)).toFixed();
}
