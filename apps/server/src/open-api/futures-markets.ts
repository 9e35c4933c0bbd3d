import Big from 'big.js';
import { type Contract, LIVE, listContracts } from '../catalog/contracts.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { ledgerToBig } from '../ledger/ledger-units.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';

/**
 * Our futures contracts as Binance's futures families name them: linear contracts under `/fapi` (USD-M), inverse
 * ones under `/dapi` (COIN-M). One module for the names, contract types and quantities, so the public and the
 * trading halves of the futures Open API agree (docs/open-api.md, "Futures").
 *
 * - Names: a linear perpetual is BTCUSDT, a dated linear BTCUSDT_261225; an inverse perpetual BTCUSD_PERP, a dated
 *   inverse BTCUSD_261225 (the delivery day, UTC). `pair` is base and quote.
 * - Contract types: E PERPETUAL, M CURRENT_MONTH, Q CURRENT_QUARTER (a name holds one live contract of a type, so
 *   never NEXT_*). Binance has no weekly contracts: W is CURRENT_WEEK and N NEXT_WEEK; clients (CCXT) tell a dated
 *   future by its deliveryDate, so they load these as futures too. Two dated contracts of a pair delivering the
 *   same day would share a name: the longer-dated type (Q, M, N, W) keeps it and the other is not served. Simulated
 *   (S) and hybrid (H) contracts are not served: their names would be a perpetual's.
 * - Quantities: on /fapi in the base coin, a whole number of contracts times the multiplier (so the step is the
 *   multiplier); on /dapi in contracts, each worth contractSize (the multiplier) of the quote coin.
 */
export type FuturesFamily = 'fapi' | 'dapi';

/** Binance's deliveryDate of a perpetual (2100-12-25). */
export const PERPETUAL_DELIVERY = 4133404800000;

const CONTRACT_TYPES: Record<string, string> = {
  E: 'PERPETUAL',
  W: 'CURRENT_WEEK',
  N: 'NEXT_WEEK',
  M: 'CURRENT_MONTH',
  Q: 'CURRENT_QUARTER',
};
/** Which of two dated contracts on one day keeps the name: the longer-dated type. */
const TYPE_RANK: Record<string, number> = { E: 0, Q: 1, M: 2, N: 3, W: 4 };

export interface FuturesMarket {
  family: FuturesFamily;
  /** BTCUSDT, BTCUSDT_261225, BTCUSD_PERP, BTCUSD_261225. */
  symbol: string;
  /** BTCUSDT, BTCUSD. */
  pair: string;
  contractType: string;
  deliveryDate: number;
  contract: Contract;
  /** The contract's book in the core: e-btc-usdt. */
  book: string;
  /** Base coin per unit of quantity (fapi: the multiplier) or 1 (dapi: quantity is contracts). */
  qtyPerContract: Big;
  /** Decimals of a quantity. */
  qtyDigits: number;
}

export const familyOf = (c: Pick<Contract, 'contract_side'>): FuturesFamily =>
  c.contract_side === 1 ? 'fapi' : 'dapi';

/** YYMMDD of a UTC time. */
const yymmdd = (ms: number) => new Date(ms).toISOString().slice(2, 10).replaceAll('-', '');

/** The decimals a step needs: 0.001 -> 3, 10 -> 0. */
const digitsOf = (step: Big) => Math.max(0, step.c.length - step.e - 1);

export function futuresMarket(c: Contract): FuturesMarket | null {
  const contractType = CONTRACT_TYPES[c.contract_type];
  if (!contractType) return null;
  const family = familyOf(c);
  const pair = `${c.base}${c.quote}`.toUpperCase();
  const dated = c.delivery_time !== null;
  const suffix = dated ? `_${yymmdd(c.delivery_time as number)}` : family === 'dapi' ? '_PERP' : '';
  const qtyPerContract = family === 'fapi' ? new Big(c.multiplier) : new Big(1);
  return {
    family,
    symbol: pair + suffix,
    pair,
    contractType,
    deliveryDate: c.delivery_time ?? PERPETUAL_DELIVERY,
    contract: c,
    book: futuresSymbol(c.contract_name),
    qtyPerContract,
    qtyDigits: digitsOf(qtyPerContract),
  };
}

/** The family's live contracts as Binance markets, in the operator's order. */
export async function futuresMarkets(services: Services, family: FuturesFamily): Promise<FuturesMarket[]> {
  const contracts = await listContracts(services.database.db, LIVE);
  const markets = contracts
    .filter((c) => familyOf(c) === family)
    .map(futuresMarket)
    .filter((m): m is FuturesMarket => m !== null);
  const byName = new Map<string, FuturesMarket>();
  const rank = (m: FuturesMarket) => TYPE_RANK[m.contract.contract_type] ?? 0;
  for (const m of [...markets].sort((a, b) => rank(a) - rank(b))) if (!byName.has(m.symbol)) byName.set(m.symbol, m);
  const served = new Set(byName.values());
  return markets.filter((m) => served.has(m));
}

/** The market of a Binance symbol (any case); -1121 when there is none. */
export async function findFuturesMarket(
  services: Services,
  family: FuturesFamily,
  symbol: string,
): Promise<FuturesMarket> {
  const wanted = symbol.toUpperCase();
  const market = (await futuresMarkets(services, family)).find((m) => m.symbol === wanted);
  if (!market) throw binanceErrors.badSymbol();
  return market;
}

/** A quantity in whole contracts as the family states it (fapi: base coin; dapi: contracts). */
export const quantityOf = (m: FuturesMarket, contracts: Big.BigSource): string =>
  new Big(contracts).times(m.qtyPerContract).toFixed(m.qtyDigits);

/** The same from a contract book's spec (the depth book's levels): its family's unit of `lots` contracts. */
export function bookQuantity(spec: MarketSpec, lots: number): string {
  const terms = spec.futures?.terms;
  if (terms?.kind !== 'linear') return String(lots);
  const perContract = ledgerToBig(terms.multiplier);
  return new Big(lots).times(perContract).toFixed(digitsOf(perContract));
}

/** A price at the contract's precision. */
export const priceOf = (m: FuturesMarket, price: Big.BigSource): string =>
  new Big(price).toFixed(m.contract.price_precision);
