import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CoinsTable } from '../db/tables/content.ts';
import type { CoinProfile } from './coin-profiles.ts';

/** Listed coins: the source of truth for symbols, display and internal precision, and deposit/withdraw switches. */
export interface CoinInput {
  symbol: string;
  name: string;
  icon?: string;
  sort?: number;
  showPrecision: number;
  scale: number;
  isFiat?: boolean;
  mainChainType?: string;
  depositOpen?: boolean;
  withdrawOpen?: boolean;
  otcOpen?: boolean;
  /** Digits per fiat (lower-case code). */
  fiatPrecision?: Record<string, number>;
  /** Html per language. */
  introduction?: Record<string, string>;
  /** Left as it is when absent (`coin profile` sets it alone). */
  profile?: CoinProfile;
}

export type Coin = Selectable<CoinsTable>;

export const symbolPattern = /^[A-Z0-9]{1,20}$/;

/** Adds a coin, or replaces every field of the coin with that symbol. */
export async function saveCoin(db: Kysely<Database>, input: CoinInput, now: number): Promise<void> {
  const row = {
    symbol: input.symbol,
    name: input.name,
    icon: input.icon ?? '',
    sort: input.sort ?? 0,
    show_precision: input.showPrecision,
    scale: input.scale,
    is_fiat: input.isFiat ? 1 : 0,
    main_chain_type: input.mainChainType ?? '',
    deposit_open: input.depositOpen === false ? 0 : 1,
    withdraw_open: input.withdrawOpen === false ? 0 : 1,
    otc_open: input.otcOpen ? 1 : 0,
    fiat_precision: JSON.stringify(input.fiatPrecision ?? {}),
    introduction: JSON.stringify(input.introduction ?? {}),
    ...(input.profile && { profile: JSON.stringify(input.profile) }),
    updated_at: now,
  };
  await db
    .insertInto('coins')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.column('symbol').doUpdateSet(row))
    .execute();
}

export async function listCoins(db: Kysely<Database>): Promise<Coin[]> {
  return db.selectFrom('coins').selectAll().orderBy('sort').orderBy('symbol').execute();
}

export async function findCoin(db: Kysely<Database>, symbol: string): Promise<Coin | undefined> {
  return db.selectFrom('coins').selectAll().where('symbol', '=', symbol.toUpperCase()).executeTakeFirst();
}
