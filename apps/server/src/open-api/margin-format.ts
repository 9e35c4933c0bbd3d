import Big from 'big.js';
import type { Selectable } from 'kysely';
import type { MarketSpec } from '../core/market-spec.ts';
import type { LedgerEntriesTable } from '../db/tables/ledger.ts';
import type { MarginLoansTable } from '../db/tables/margin.ts';
import { ledgerFixed, ledgerText, ledgerToBig } from '../ledger/ledger-units.ts';
import type { CoinView, MarginPairView } from '../margin/margin-reads.ts';
import { btcValue, type IndexPriceTable } from '../prices/index-price-table.ts';
import { binanceSymbol } from './market-format.ts';

/**
 * Isolated margin in Binance's /sapi shapes, from the margin reads (margin/margin-reads.ts): a pair's account, the
 * pair lists and the interest history. Amounts are exact decimal strings with 8 decimals (more for a finer coin).
 */
const amountText = (units: bigint, scale: number) => ledgerFixed(units, Math.max(8, scale));
const btcText = (value: Big | null) => (value ?? new Big(0)).toFixed(8);

/** Binance's marginLevelStatus from the pair's lines: safe above the transfer line, then normal, call, liquidation. */
function levelStatus(view: MarginPairView): string {
  const risk = view.risk;
  if (!risk || risk.riskRate === null) return 'EXCESSIVE';
  if (risk.liquidate) return 'FORCE_LIQUIDATION';
  if (risk.warn) return 'MARGIN_CALL';
  return risk.riskRate >= view.rules.transferRate ? 'EXCESSIVE' : 'NORMAL';
}

function coinAsset(c: CoinView, prices: IndexPriceTable) {
  const total = c.available + c.locked;
  const net = total - c.principal - c.interest;
  const scale = c.lending.scale;
  return {
    asset: c.coin,
    borrowEnabled: true,
    borrowed: amountText(c.principal, scale),
    free: amountText(c.available, scale),
    interest: amountText(c.interest, scale),
    locked: amountText(c.locked, scale),
    netAsset: amountText(net, scale),
    netAssetOfBtc: btcText(btcValue(prices, c.coin, ledgerToBig(net))),
    repayEnabled: true,
    totalAsset: amountText(total, scale),
  };
}

/** What a pair's account holds or owes, valued in BTC (none when a coin has no index price). */
function btcTotals(view: MarginPairView, prices: IndexPriceTable) {
  const value = (pick: (c: CoinView) => bigint) =>
    [view.coins.base, view.coins.quote].reduce(
      (sum, c) => sum.plus(btcValue(prices, c.coin, ledgerToBig(pick(c))) ?? 0),
      new Big(0),
    );
  const assets = value((c) => c.available + c.locked);
  const liability = value((c) => c.principal + c.interest);
  return { assets, liability };
}

/** One pair of GET /sapi/v1/margin/isolated/account. */
export function isolatedAsset(view: MarginPairView, prices: IndexPriceTable) {
  const { risk, price, rules } = view;
  const created = view.loans.length > 0 || [view.coins.base, view.coins.quote].some((c) => c.available + c.locked > 0n);
  const decimal = (units: bigint | null) => ledgerFixed(units ?? 0n, 8);
  return {
    baseAsset: coinAsset(view.coins.base, prices),
    quoteAsset: coinAsset(view.coins.quote, prices),
    symbol: view.symbol,
    isolatedCreated: created,
    enabled: true,
    // Assets over debt; Binance shows 999 while nothing is owed.
    marginLevel: risk?.riskRate == null ? '999.00000000' : decimal(risk.riskRate),
    marginLevelStatus: levelStatus(view),
    marginRatio: `${rules.multiple}`,
    indexPrice: decimal(price),
    liquidatePrice: decimal(risk?.burstPrice ?? null),
    liquidateRate: decimal(rules.liquidationRate),
    tradeEnabled: view.spec.open,
  };
}

/** GET /sapi/v1/margin/isolated/account: the pairs asked for, with their BTC totals. */
export function isolatedAccount(views: MarginPairView[], prices: IndexPriceTable, withTotals: boolean) {
  const assets = views.map((v) => isolatedAsset(v, prices));
  if (!withTotals) return { assets };
  let assetsBtc = new Big(0);
  let liabilityBtc = new Big(0);
  for (const view of views) {
    const totals = btcTotals(view, prices);
    assetsBtc = assetsBtc.plus(totals.assets);
    liabilityBtc = liabilityBtc.plus(totals.liability);
  }
  return {
    assets,
    totalAssetOfBtc: btcText(assetsBtc),
    totalLiabilityOfBtc: btcText(liabilityBtc),
    totalNetAssetOfBtc: btcText(assetsBtc.minus(liabilityBtc)),
  };
}

/**
 * A pair of GET /sapi/v1/margin/isolatedMarginData: its leverage and each coin's daily rate; borrowLimit is what the
 * caller may borrow of it now (no VIP caps here), 0 without an index price.
 */
export function isolatedMarginData(view: MarginPairView) {
  const coin = (c: CoinView, canBorrow: bigint | undefined) => ({
    coin: c.coin,
    dailyInterest: ledgerText(c.lending.dailyRate),
    borrowLimit: ledgerText(canBorrow ?? 0n),
  });
  return {
    vipLevel: 0,
    symbol: view.symbol,
    leverage: `${view.rules.multiple}`,
    data: [coin(view.coins.base, view.risk?.canBorrow.base), coin(view.coins.quote, view.risk?.canBorrow.quote)],
  };
}

/** A pair of GET /sapi/v1/margin/isolated/pair and allPairs. */
export const isolatedPair = (spec: MarketSpec) => ({
  symbol: binanceSymbol(spec),
  base: spec.base,
  quote: spec.quote,
  isMarginTrade: spec.open,
  isBuyAllowed: spec.open,
  isSellAllowed: spec.open,
});

/**
 * A row of GET /sapi/v1/margin/interestHistory: one posting of a loan's interest to the ledger (hourly, or when a
 * repayment pays interest not posted yet), with the loan it came from.
 */
export function interestRow(entry: Selectable<LedgerEntriesTable>, loan: Selectable<MarginLoansTable>) {
  return {
    txId: Number(entry.id),
    isolatedSymbol: loan.symbol,
    asset: entry.coin,
    // The loan account's side of the posting: what it owed less.
    interest: new Big(entry.delta).abs().toFixed(8),
    interestAccuredTime: Number(entry.created_at),
    interestRate: new Big(loan.daily_rate).toFixed(8),
    principal: new Big(loan.borrowed).toFixed(8),
    type: 'PERIODIC',
  };
}

export const tranId = (id: number | bigint) => ({ tranId: Number(id), clientTag: '' });
