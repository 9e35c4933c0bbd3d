import type Big from 'big.js';
import type { MarketSpec } from '../core/market-spec.ts';
import type { Account } from '../ledger/accounts.ts';
import type { SeededRandom } from './random-walk.ts';

/**
 * The market maker's seam between its loop (market-maker.ts: the mid's walk, the quote ladder, the taker's pace, the
 * history walk) and one product's books: which books there are, what the mid follows, how an order is placed and
 * cancelled, and how far the bots may lean one way. Spot (spot-product.ts) and futures (futures-product.ts).
 */
export type Side = 'BUY' | 'SELL';

export interface Bots {
  maker: number;
  taker: number;
}

/** A book as the loop quotes it. */
export interface QuotedBook {
  spec: MarketSpec;
  /** The mid's price now, at the book's precision. */
  midPrice: string;
  /** Lots of one quote layer. */
  baseLots: number;
}

export interface MarketProduct {
  /** The account its orders use: the maker's open orders there are cancelled at start. */
  readonly accounts: readonly Account[];
  /** Funds (and opens what else is needed for) the bots; at each start. */
  prepare(bots: Bots, usdPrices: Map<string, Big>): Promise<void>;
  /** The books to quote now. */
  symbols(): Promise<string[]>;
  /** A price the mid keeps close to each tick, or null: the mid walks on its own. */
  anchor(spec: MarketSpec): string | null;
  /** Where a book with no trade and no anchor starts, from the operator's US dollar rates. */
  reference(spec: MarketSpec, usdPrices: Map<string, Big>): string | null;
  /** What `lots` traded at `ticks` are worth in ledger units, as the core's trades count it (the history's amounts). */
  tradeValue(spec: MarketSpec, lots: number, ticks: number): bigint;
  /** One lot's value in US dollars at `price`, for sizing the layers. */
  lotUsd(spec: MarketSpec, price: Big, usdPrices: Map<string, Big>): Big;
  /** The most lots the maker's orders on each side may hold together now, or null: no bound. */
  makerRoom(book: QuotedBook): Promise<Record<Side, number> | null>;
  /** A limit order of the maker's; its id, or null when refused. */
  place(userId: number, spec: MarketSpec, side: Side, price: string, lots: number): Promise<number | null>;
  cancel(userId: number, symbol: string, orderId: number): Promise<void>;
  /** The side of the taker's next trade of `lots`, or null to sit this one out. */
  takerSide(book: QuotedBook, lots: number, random: SeededRandom): Promise<Side | null>;
  /** The taker's market order of about `lots`; whether it was taken. */
  take(userId: number, book: QuotedBook, side: Side, lots: number): Promise<boolean>;
}
