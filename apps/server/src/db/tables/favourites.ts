import type { Generated } from 'kysely';

/** A user's favourite market (optional/* calls); ids give the order they were added in. */
export interface FavouriteSymbolsTable {
  id: Generated<number>;
  user_id: number;
  /** Lower-case market symbol, e.g. btcusdt. */
  symbol: string;
  created_at: number;
}

export interface FavouriteTables {
  favourite_symbols: FavouriteSymbolsTable;
}
