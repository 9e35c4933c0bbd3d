import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import { LedgerError } from '../../ledger/ledger.ts';
import { ledgerFromUnits, parseLedger } from '../../ledger/ledger-units.ts';
import type { ApplyContext, CommandEntry } from '../command-entry.ts';
import type { CoreState } from '../core-state.ts';
import type { ClientOrderIds } from '../spot/client-order-ids.ts';
import { type CancelOutcome, cancelAllOrders, cancelOrder } from '../spot/order-cancel.ts';
import { type PlaceCommand, type PlaceOutcome, placeOrder } from '../spot/order-placement.ts';
import type { CancelAllOutcome } from '../spot/spot-commands.ts';
import { initialMargin } from './brackets.ts';
import { notional, pnl } from './contract-value.ts';
import { changeLeverage, type FuturesLeverageCommand } from './futures-leverage.ts';
import { type FuturesRiskCommand, type FuturesRiskOutcome, riskCheck } from './futures-liquidation.ts';
import type { FuturesAccounts, FuturesRules } from './futures-rules.ts';
import type { FuturesIntent, FuturesPosition } from './futures-state.ts';
import { ceilDiv } from './ratio.ts';
import { trimReduceOnly } from './reduce-only.ts';

/**
 * Futures' rows of the core's command table: orders on a contract's book through the co account (placed by the
 * spot placement with the futures reserve and settlement, see futures-reserve.ts and futures-settlement.ts), their
 * cancels, margin moved into or out of an isolated position, and the leverage changed while holding.
 */
export interface FuturesPlaceCommand {
  userId: number;
  /** The contract's market symbol (`e-btc-usdt`). */
  symbol: string;
  side: 'BUY' | 'SELL';
  /** The original's order type: 1 limit, 2 market, 3 IOC, 4 FOK, 5 post-only. */
  kind: 1 | 2 | 3 | 4 | 5;
  price?: string;
  /** Whole contracts; absent for a market order sized by `value`. */
  volume?: string;
  /**
   * An opening market order's value (quote coin for a linear contract, base coin for an inverse one): it buys or
   * sells the whole contracts the book gives for it now.
   */
  value?: string;
  intent: Omit<FuturesIntent, 'kind'>;
  clientOrderId: string | null;
}

export interface FuturesMarginCommand {
  userId: number;
  positionId: number;
  /** Above zero adds, below zero removes. */
  amount: string;
  /** The mark price now (ledger text), for what may be removed; null: valued at entry. */
  mark: string | null;
}

export type FuturesOutcome = { ok: true } | { ok: false; code: ErrorCodeValue };

const entry = <I, O>(e: CommandEntry<I, O>) => e;
const unavailable = () => ({ ok: false as const, code: ErrorCode.tradingUnavailable });
/** The user's account a contract's orders are on (`co`, `co_sim` for a simulated one); null for no contract. */
const accountOf = (state: CoreState, symbol: string) => state.markets.get(symbol)?.spec.futures?.accounts.user ?? null;

export function futuresCommands(clientOrders: ClientOrderIds) {
  return {
    futuresPlace: entry<FuturesPlaceCommand, PlaceOutcome>({
      owners: (c) => [c.userId],
      needsMarkets: (c, state) => !state.markets.has(c.symbol),
      prepare: (db, commands) =>
        clientOrders.prepare(
          db,
          commands.map((c) => ({ userId: c.userId, clientOrderId: c.clientOrderId }) as PlaceCommand),
        ),
      apply: ({ state, batch, at, seq }, c) => {
        const place = placeCommand(state, c);
        if (!('request' in place)) return place;
        return clientOrders.once(place, seq, () => {
          const outcome = placeOrder(state, batch, place, at);
          trimReduceOnly(state, batch, at);
          return outcome;
        });
      },
      unavailable,
    }),
    futuresCancel: entry<{ userId: number; symbol: string; orderId: number }, CancelOutcome>({
      owners: (c) => [c.userId],
      apply: ({ state, batch, at }, c) => {
        const account = accountOf(state, c.symbol);
        return account ? cancelOrder(state, batch, { ...c, account }, at) : { ok: false, code: ErrorCode.orderNotOpen };
      },
      unavailable,
    }),
    /** Every open futures order of a user, in one contract or all (real and simulated). */
    futuresCancelAll: entry<{ userId: number; symbol: string | null }, CancelAllOutcome>({
      owners: (c) => [c.userId],
      apply: ({ state, batch, at }, c) => {
        const accounts: FuturesAccounts['user'][] =
          c.symbol === null ? ['co', 'co_sim'] : [accountOf(state, c.symbol) ?? 'co'];
        const count = accounts.reduce((n, account) => n + cancelAllOrders(state, batch, { ...c, account }, at), 0);
        return { ok: true, count };
      },
      unavailable,
    }),
    /** The marks of the last second: liquidates what they put underwater (futures-liquidation.ts). */
    futuresRiskCheck: entry<FuturesRiskCommand, FuturesRiskOutcome>({
      owners: () => [],
      apply: (context, c) => riskCheck(context, c),
      unavailable: () => ({ liquidated: [] }),
    }),
    futuresMargin: entry<FuturesMarginCommand, FuturesOutcome>({
      owners: (c) => [c.userId],
      apply: (context, c) => changeMargin(context, c),
      unavailable,
    }),
    /** A user's leverage in a contract, changed while holding positions or orders there (futures-leverage.ts). */
    futuresLeverage: entry<FuturesLeverageCommand, FuturesOutcome>({
      owners: (c) => [c.userId],
      needsMarkets: (c, state) => !state.markets.has(c.symbol),
      apply: (context, c) => changeLeverage(context, c),
      unavailable,
    }),
  };
}

/** The spot placement's command for a futures order, or the refusal. */
function placeCommand(state: CoreState, c: FuturesPlaceCommand): PlaceCommand | PlaceOutcome {
  const market = state.markets.get(c.symbol);
  const rules = market?.spec.futures;
  if (!market || !rules) return { ok: false, code: ErrorCode.marketNotFound };
  let volume = c.volume;
  if (c.kind === 2 && c.value !== undefined) {
    const value = parseLedger(c.value);
    if (value === null || value <= 0n) return { ok: false, code: ErrorCode.badRequest };
    if (
      (rules.minOrderMoney > 0n && value < rules.minOrderMoney) ||
      (rules.maxMarketMoney > 0n && value > rules.maxMarketMoney)
    )
      return { ok: false, code: ErrorCode.futuresMarketValueRange };
    const lots = contractsFor(state, c.symbol, c.side, value);
    if (lots === 0n) return { ok: false, code: ErrorCode.futuresNoLiquidity };
    volume = lots.toString();
  }
  if (volume === undefined) return { ok: false, code: ErrorCode.badRequest };
  const type = c.kind === 2 ? 2 : 1;
  return {
    userId: c.userId,
    symbol: c.symbol,
    account: rules.accounts.user,
    clientOrderId: c.clientOrderId,
    request: {
      side: c.side,
      type,
      ...(type === 1 ? { price: c.price } : {}),
      volume,
      timeInForce: c.kind === 3 ? 'IOC' : c.kind === 4 ? 'FOK' : 'GTC',
      postOnly: c.kind === 5,
      byQuantity: type === 2 && c.side === 'BUY',
    },
    futures: { ...c.intent, kind: c.kind },
  };
}

/** Whole contracts whose value at the prices of the levels they would take is at most `value`. */
function contractsFor(state: CoreState, symbol: string, side: 'BUY' | 'SELL', value: bigint): bigint {
  const market = state.markets.get(symbol);
  if (!market?.spec.futures) return 0n;
  const { terms } = market.spec.futures;
  const levels = side === 'BUY' ? market.book.asks : market.book.bids;
  let left = value;
  let lots = 0n;
  for (let level = levels.best(); level !== -1; level = levels.worse(level)) {
    const price = ledgerFromUnits(levels.price[level] as number, market.spec.pricePrecision);
    const volume = BigInt(levels.volume[level] as number);
    const one = notional(terms, 1n, price);
    const take = one === 0n ? volume : left / one < volume ? left / one : volume;
    lots += take;
    left -= take * one;
    if (take < volume) break;
  }
  return lots;
}

function changeMargin({ state, batch, at }: ApplyContext, c: FuturesMarginCommand): FuturesOutcome {
  const position = findPosition(state, c.userId, c.positionId);
  if (!position) return { ok: false, code: ErrorCode.futuresPositionNotFound };
  if (position.marginMode !== 2) return { ok: false, code: ErrorCode.futuresNotIsolated };
  const rules = state.markets.get(position.symbol)?.spec.futures as FuturesRules;
  const amount = parseLedger(c.amount.replace(/^-/, ''));
  const unit = 10n ** BigInt(18 - rules.marginScale);
  if (amount === null || amount === 0n || amount % unit !== 0n)
    return { ok: false, code: ErrorCode.marginAmountPrecision };
  const adding = !c.amount.startsWith('-');
  if (!adding && amount > removableMargin(rules, position, c.mark === null ? null : parseLedger(c.mark)))
    return { ok: false, code: ErrorCode.futuresMarginRemoveAbove };
  const delta = adding ? amount : -amount;
  try {
    state.balances.post(
      'position_margin',
      `position:${position.id}`,
      [
        { ownerId: c.userId, account: rules.accounts.user, coin: rules.marginCoin, field: 'available', delta: -delta },
        { ownerId: c.userId, account: rules.accounts.user, coin: rules.marginCoin, field: 'locked', delta },
      ],
      at,
      batch.ledger,
    );
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, code: ErrorCode.insufficientBalance };
    throw error;
  }
  position.margin += delta;
  position.updatedAt = at;
  batch.positions.set(position.id, position);
  return { ok: true };
}

/**
 * What may leave an isolated position: its margin, less any loss at the mark price, less the initial margin of its
 * value at the mark price (at entry when there is no mark).
 */
export function removableMargin(rules: FuturesRules, p: FuturesPosition, mark: bigint | null): bigint {
  const at = mark ?? p.entry;
  const loss = mark === null ? 0n : pnl(rules.terms, p.qty, p.entry, mark);
  const unit = 10n ** BigInt(18 - rules.marginScale);
  const required = ceilDiv(initialMargin(notional(rules.terms, p.qty, at), BigInt(p.leverage)), unit) * unit;
  const free = p.margin + (loss < 0n ? loss : 0n) - required;
  return free > 0n ? (free / unit) * unit : 0n;
}

export function findPosition(state: CoreState, userId: number, id: number): FuturesPosition | undefined {
  for (const p of state.futures.positions.values()) if (p.id === id && p.userId === userId) return p;
  return undefined;
}
