import { LoanStatus } from '@opex/contract/calls/lever';
import type { Kysely, Selectable } from 'kysely';
import { owedInFull } from '../core/margin/loan-interest.ts';
import { accrued } from '../core/margin/margin-account.ts';
import { type LoanRecord, loanFromRow } from '../core/margin/margin-loans.ts';
import { type PairRisk, pairRisk, riskPercent } from '../core/margin/margin-risk.ts';
import type { LendingRules, MarginRules } from '../core/margin/margin-rules.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { Database } from '../db/schema.ts';
import type { MarginLoansTable } from '../db/tables/margin.ts';
import { leverAccount } from '../ledger/accounts.ts';
import { ledgerFromBig, ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import { priceInCoin } from '../prices/index-price-table.ts';
import type { PriceIndex } from '../prices/price-index.ts';

/**
 * A margin pair's account as committed, read for the web's lever/* calls and the Binance margin endpoints alike:
 * balances from the ledger's balances, loans from margin_loans accrued to now, and the risk figures from the same
 * pure function the core decides with (core/margin/margin-risk.ts), at the index price now.
 */
export interface MarginPairView {
  spec: MarketSpec;
  rules: MarginRules;
  /** Upper case, BTCUSDT. */
  symbol: string;
  price: bigint | null;
  coins: { base: CoinView; quote: CoinView };
  risk: PairRisk | null;
  loans: LoanRecord[];
}

export interface CoinView {
  coin: string;
  lending: LendingRules;
  available: bigint;
  locked: bigint;
  principal: bigint;
  /** Interest owed, rounded up to the coin's unit (what repaying all takes beyond the principal). */
  interest: bigint;
  /** The exchange account's available balance. */
  exchangeAvailable: bigint;
}

export interface MarginReader {
  db: Kysely<Database>;
  core: Pick<TradingCore, 'market' | 'markets'>;
  prices: Pick<PriceIndex, 'latest'>;
}

/** A market open for margin (is_open_lever), by any spelling of its symbol; it may be closed for trading. */
export function marginMarket(reader: MarginReader, symbol: string): (MarketSpec & { margin: MarginRules }) | null {
  const spec = reader.core.market(symbol.replace(/[/_-]/g, '').toLowerCase());
  return spec?.margin ? (spec as MarketSpec & { margin: MarginRules }) : null;
}

/** Every market open for margin, as the core knows them (no database read). */
export function marginMarkets(reader: MarginReader): (MarketSpec & { margin: MarginRules })[] {
  return [...reader.core.markets()].filter((s): s is MarketSpec & { margin: MarginRules } => s.margin !== null);
}

/** The pair's index price (quote per base) now, in ledger units; null when either coin has none. */
export function pairPrice(reader: MarginReader, spec: MarketSpec): bigint | null {
  const price = priceInCoin(reader.prices.latest(), spec.base, spec.quote);
  return price?.gt(0) ? ledgerFromBig(price) : null;
}

export const priceText = (price: bigint | null): string | null => (price === null ? null : ledgerText(price));

/** How many open loans a pair (upper case, BTCUSDT) has, across its borrowers. */
export async function openLoanCount(db: Kysely<Database>, symbol: string): Promise<number> {
  const row = await db
    .selectFrom('margin_loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('symbol', '=', symbol.toUpperCase())
    .where('status', '=', LoanStatus.open)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function openLoans(db: Kysely<Database>, userId: number, symbol?: string): Promise<LoanRecord[]> {
  let query = db
    .selectFrom('margin_loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', LoanStatus.open);
  if (symbol) query = query.where('symbol', '=', symbol.toUpperCase());
  return (await query.orderBy('id').execute()).map(loanFromRow);
}

export async function pairView(
  reader: MarginReader,
  userId: number,
  spec: MarketSpec & { margin: MarginRules },
  now: number,
  loaded?: { loans: LoanRecord[]; balances: Selectable<Database['balances']>[] },
): Promise<MarginPairView> {
  const symbol = spec.symbol.toUpperCase();
  const loans = loaded ? loaded.loans.filter((l) => l.symbol === symbol) : await openLoans(reader.db, userId, symbol);
  const balances =
    loaded?.balances ??
    (await reader.db
      .selectFrom('balances')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('account', 'in', ['exchange', leverAccount(symbol)])
      .where('coin', 'in', [spec.base, spec.quote])
      .execute());
  const balance = (account: string, coin: string) =>
    balances.find((b) => b.account === account && b.coin === coin && Number(b.owner_id) === userId);
  const coinView = (coin: string): CoinView => {
    const lending = spec.margin.coins.get(coin) as LendingRules;
    const row = balance(leverAccount(symbol), coin);
    let principal = 0n;
    let owed = 0n;
    for (const loan of loans) {
      if (loan.coin !== coin) continue;
      principal += loan.loan.principal;
      owed += owedInFull(accrued(loan, now).loan, lending.scale);
    }
    return {
      coin,
      lending,
      available: ledgerOf(row?.available ?? '0'),
      locked: ledgerOf(row?.locked ?? '0'),
      principal,
      interest: owed - principal,
      exchangeAvailable: ledgerOf(balance('exchange', coin)?.available ?? '0'),
    };
  };
  const coins = { base: coinView(spec.base), quote: coinView(spec.quote) };
  const price = pairPrice(reader, spec);
  const holding = (c: CoinView) => ({
    available: c.available,
    locked: c.locked,
    owed: c.principal + c.interest,
    scale: c.lending.scale,
  });
  const risk =
    price === null ? null : pairRisk({ base: holding(coins.base), quote: holding(coins.quote) }, price, spec.margin);
  return { spec, rules: spec.margin, symbol, price, coins, risk, loans };
}

/** Every margin pair of a user in two reads (all their loans and balances), for lever/finance/balance. */
export async function allPairViews(
  reader: MarginReader,
  userId: number,
  specs: (MarketSpec & { margin: MarginRules })[],
  now: number,
) {
  const [loans, balances] = await Promise.all([
    openLoans(reader.db, userId),
    reader.db.selectFrom('balances').selectAll().where('owner_id', '=', userId).execute(),
  ]);
  return Promise.all(specs.map((spec) => pairView(reader, userId, spec, now, { loans, balances })));
}

export const riskRateText = (view: MarginPairView): string => riskPercent(view.risk?.riskRate ?? null);

/** A loan row's figures now: principal and interest owed (rounded up), as lever/borrow/* show them. */
export function loanFigures(row: Selectable<MarginLoansTable>, scale: number, now: number) {
  const record = loanFromRow(row);
  const open = row.status === LoanStatus.open;
  const loan = open ? accrued(record, now).loan : record.loan;
  const owed = open ? owedInFull(loan, scale) : 0n;
  return { principal: loan.principal, interest: owed - loan.principal, record };
}
