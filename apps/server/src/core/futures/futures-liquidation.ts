import { ledgerOf, ledgerText } from '../../ledger/ledger-units.ts';
import type { ApplyContext } from '../command-entry.ts';
import type { CoreState } from '../core-state.ts';
import { formatUnits } from '../decimal-units.ts';
import { cancelOrder } from '../spot/order-cancel.ts';
import { placeOrder } from '../spot/order-placement.ts';
import { adlRanking } from './adl.ts';
import { bracketOf, maintenanceMargin } from './brackets.ts';
import { notional, pnl } from './contract-value.ts';
import type { FuturesRules } from './futures-rules.ts';
import { settlePositionFill } from './futures-settlement.ts';
import { FORCED, type FuturesPosition, positionKey } from './futures-state.ts';
import { bankruptcyPrice, isLiquidatable, type MarginBacking, type PositionRisk } from './liquidation.ts';
import { type CrossWallet, crossKey, crossPositions, walletOf, walletOfKey } from './liquidation-index.ts';
import { add, ceilDiv, ceilLedger, div, floorDiv, floorLedger, ledger, ONE, ratio, sub } from './ratio.ts';
import { trimReduceOnly } from './reduce-only.ts';

/**
 * Liquidation at the mark price. The risk watch sends each second's marks (futuresRiskCheck); for every contract
 * whose mark came in, the core checks the isolated positions in it and the cross accounts holding it:
 * - isolated: liquidatable when its margin balance (margin + PnL at mark) is at or below its maintenance;
 * - cross: the account (one margin coin) when its available balance, cross margins and cross PnL are at or below the
 *   cross positions' maintenance; its positions are then liquidated one by one, the largest loss first, until the
 *   account is healthy again.
 * A liquidation cancels the orders that hold margin for the position (isolated: its contract's; cross: the account's),
 * checks again (the freed reserves may be enough). A position above the first bracket is then first reduced by bracket
 * (reduceByBracket): a forced IOC order no worse than the bankruptcy price closes just enough to bring its notional at
 * the mark down to the cap of the bracket below, whose lower maintenance may restore health; checked again after each
 * reduction. What is still liquidatable (or in the first bracket) is closed whole:
 * 1. through the book, by a forced IOC order no worse than the bankruptcy price (where the margin balance is zero);
 *    an isolated position's remaining margin is the insurance fund's clearance, a cross one pays the maintenance
 *    rate as its clearance fee;
 * 2. what the book does not take at that price, through the book at a worse price while the insurance fund covers
 *    the loss beyond the margin (the price where the shortfall equals the fund);
 * 3. what is left, by auto-deleveraging: opposite positions, highest ADL score first, are closed against it at the
 *    bankruptcy price (no fee).
 * Each liquidation, partial or whole, is stored (futures_liquidations) with the mark, bankruptcy price, what each step
 * closed (a partial one: what it aimed to keep) and the fund before and after, so it can be recomputed.
 */
export interface FuturesRiskCommand {
  marks: { symbol: string; mark: string }[];
}

export interface FuturesRiskOutcome {
  /** Ids of the positions liquidated. */
  liquidated: number[];
}

export function riskCheck(context: ApplyContext, command: FuturesRiskCommand): FuturesRiskOutcome {
  const { state } = context;
  const liquidated: number[] = [];
  const symbols: string[] = [];
  for (const { symbol, mark } of command.marks) {
    if (!state.markets.get(symbol)?.spec.futures) continue;
    state.futures.marks.set(symbol, ledgerOf(mark));
    symbols.push(symbol);
  }
  // A liquidation's fills may open or grow positions that are underwater at once (a stale order far from the mark
  // takes them): the contracts are checked again until a round liquidates nothing new.
  const tried = new Set<number>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = tried.size;
    checkRound(context, symbols, tried, liquidated);
    if (tried.size === before) break;
  }
  trimReduceOnly(state, context.batch, context.at);
  marginCalls(context, symbols);
  return { liquidated };
}

/** How near the mark may come to a position's liquidation price before its holder is warned: 2% of the mark. */
const MARGIN_CALL_BAND = 2n * 10n ** 16n;

/**
 * Margin calls: a position whose liquidation price the mark has come within MARGIN_CALL_BAND of is announced once
 * (futures/futures-notices.ts writes the message); it is announced again only after it moved away. Cross accounts
 * with positions in several contracts have no single liquidation price and are not announced.
 */
function marginCalls({ state, batch }: ApplyContext, symbols: readonly string[]) {
  const futures = state.futures;
  state.liquidationIndex.refresh(state);
  const near = new Set<number>();
  for (const symbol of symbols) {
    const mark = futures.marks.get(symbol) as bigint;
    for (const { key, price } of state.liquidationIndex.near(symbol, mark, MARGIN_CALL_BAND)) {
      const p = futures.positions.get(key);
      if (!p) continue;
      near.add(p.id);
      if (futures.warned.has(p.id)) continue;
      futures.warned.add(p.id);
      batch.events.push({
        type: 'futuresMarginCall',
        userId: p.userId,
        symbol,
        positionId: p.id,
        qty: p.qty.toString(),
        mark: ledgerText(mark),
        liquidation: ledgerText(price),
      });
    }
  }
  for (const id of futures.warned) if (!near.has(id)) futures.warned.delete(id);
}

/** Rounds of checks within one risk check: each closes positions, so only a cascade through stale orders repeats. */
const MAX_ROUNDS = 8;

/** What a mark move may have put underwater: isolated positions to check, and cross accounts (by crossKey). */
export interface Candidates {
  isolated: FuturesPosition[];
  cross: Map<string, CrossWallet>;
}

/** The candidates of the index (liquidation-index.ts): only what the marks crossed, each checked exactly here. */
export function indexedCandidates(state: CoreState, symbols: readonly string[], tried: Set<number>): Candidates {
  const futures = state.futures;
  const index = state.liquidationIndex;
  index.refresh(state);
  const found: Candidates = { isolated: [], cross: new Map() };
  for (const symbol of symbols) {
    const rules = state.markets.get(symbol)?.spec.futures as FuturesRules;
    const { positions, accounts } = index.candidates(symbol, futures.marks.get(symbol) as bigint);
    for (const key of positions) {
      const p = futures.positions.get(key);
      if (!p || tried.has(p.id)) continue;
      if (p.marginMode === 2) {
        if (isLiquidatable(isolatedRisk(rules, p), markOf(state, p))) found.isolated.push(p);
      } else {
        const wallet = walletOf(p.userId, rules);
        found.cross.set(crossKey(wallet), wallet);
      }
    }
    for (const account of accounts) {
      if (found.cross.has(account) || !index.mayBeUnderwater(account, (s) => futures.marks.get(s))) continue;
      found.cross.set(account, walletOfKey(account));
    }
  }
  return found;
}

/** The same by valuing every position of the contracts: what the index saves (the benchmark's baseline). */
export function scannedCandidates(state: CoreState, symbols: readonly string[], tried: Set<number>): Candidates {
  const found: Candidates = { isolated: [], cross: new Map() };
  for (const symbol of symbols) {
    const rules = state.markets.get(symbol)?.spec.futures as FuturesRules;
    for (const p of state.futures.positionsOf(symbol)) {
      if (tried.has(p.id)) continue;
      if (p.marginMode === 2) {
        if (isLiquidatable(isolatedRisk(rules, p), markOf(state, p))) found.isolated.push(p);
      } else {
        const wallet = walletOf(p.userId, rules);
        if (crossAccount(state, wallet).underwater) found.cross.set(crossKey(wallet), wallet);
      }
    }
  }
  return found;
}

/** One pass over the candidates; `tried`: positions already liquidated in this check. */
function checkRound(context: ApplyContext, symbols: readonly string[], tried: Set<number>, liquidated: number[]) {
  const { state } = context;
  const futures = state.futures;
  const { isolated, cross } = indexedCandidates(state, symbols, tried);
  for (const p of isolated) {
    if (!futures.positions.has(keyOf(p))) continue;
    cancelOrders(context, p.userId, (o) => o.spec.symbol === p.symbol);
    const rules = state.markets.get(p.symbol)?.spec.futures as FuturesRules;
    if (!futures.positions.has(keyOf(p)) || !isLiquidatable(isolatedRisk(rules, p), markOf(state, p))) continue;
    tried.add(p.id);
    const backing = reduceByBracket(context, p, () =>
      isLiquidatable(isolatedRisk(rules, p), markOf(state, p)) ? { mode: 'isolated', margin: p.margin } : null,
    );
    if (backing) liquidate(context, p, backing);
    liquidated.push(p.id);
  }
  for (const wallet of cross.values()) {
    if (!crossAccount(state, wallet).underwater) continue;
    cancelOrders(
      context,
      wallet.userId,
      (o) => o.account === wallet.account && o.spec.futures?.marginCoin === wallet.coin,
    );
    for (;;) {
      const account = crossAccount(state, wallet);
      if (!account.underwater) break;
      // The largest loss first; a position nothing could close (no book, no fund, no other user opposite) once.
      const worst = account.positions
        .filter((x) => !tried.has(x.p.id))
        .sort((a, b) => (a.pnl < b.pnl ? -1 : a.pnl > b.pnl ? 1 : a.p.id - b.p.id))[0];
      if (!worst) break;
      tried.add(worst.p.id);
      const backing = reduceByBracket(context, worst.p, () => crossBacking(state, worst.p, wallet));
      if (backing) liquidate(context, worst.p, backing);
      liquidated.push(worst.p.id);
    }
  }
}

/**
 * What backs a cross position for its liquidation while its account is underwater (the account's wallet and the other
 * positions' PnL at the marks); null when the account is healthy.
 */
function crossBacking(state: CoreState, p: FuturesPosition, wallet: CrossWallet): MarginBacking | null {
  const account = crossAccount(state, wallet);
  if (!account.underwater) return null;
  const others = account.positions.filter((x) => x.p !== p);
  return {
    mode: 'cross',
    wallet: account.wallet,
    othersPnl: others.reduce((sum, x) => sum + x.pnl, 0n),
    othersMaintenance: 0n,
  };
}

/**
 * Partial liquidation by bracket, as Binance, OKX and Bybit do for tiered maintenance: while the position sits above
 * the first bracket at the mark and `unhealthy` still gives what backs it (null once healthy), it is reduced to the
 * most contracts the bracket below holds at the mark (whose lower maintenance rate may restore health), checked again
 * after each reduction. Returns what backs it when it must be closed whole: still liquidatable in the first bracket,
 * or the book took nothing at the bankruptcy price; null when it is healthy or gone.
 */
function reduceByBracket(
  context: ApplyContext,
  p: FuturesPosition,
  unhealthy: () => MarginBacking | null,
): MarginBacking | null {
  const { state } = context;
  const rules = state.markets.get(p.symbol)?.spec.futures as FuturesRules;
  for (;;) {
    if (state.futures.positions.get(keyOf(p)) !== p) return null;
    const backing = unhealthy();
    if (!backing) return null;
    const keep = keptWithin(rules, p.qty, markOf(state, p));
    if (keep === 0n || liquidate(context, p, backing, keep) === 0n) return backing;
  }
}

/**
 * The contracts of a position above the first bracket that the bracket below holds at the mark: the most whose
 * notional is at most that bracket's cap; 0 in the first bracket.
 */
function keptWithin(rules: FuturesRules, qty: bigint, mark: bigint): bigint {
  const size = qty < 0n ? -qty : qty;
  const cap = bracketOf(rules.brackets, notional(rules.terms, size, mark)).floor;
  if (cap === 0n) return 0n;
  // One contract's notional is rounded up, so this is at most a unit short of the most; the loop finds it.
  let keep = cap / notional(rules.terms, 1n, mark);
  while (keep + 1n < size && notional(rules.terms, keep + 1n, mark) <= cap) keep++;
  return keep < size ? keep : 0n;
}

const keyOf = (p: FuturesPosition) => positionKey(p.userId, p.symbol, p.positionSide);
const markOf = (state: CoreState, p: FuturesPosition) => state.futures.marks.get(p.symbol) ?? p.entry;

function isolatedRisk(rules: FuturesRules, p: FuturesPosition): PositionRisk {
  return {
    terms: rules.terms,
    brackets: rules.brackets,
    qty: p.qty,
    entry: p.entry,
    backing: { mode: 'isolated', margin: p.margin },
  };
}

interface CrossHolding {
  p: FuturesPosition;
  rules: FuturesRules;
  pnl: bigint;
  maintenance: bigint;
}

/** A user's cross positions of one wallet at the marks the core holds, and whether the account is underwater. */
export function crossAccount(state: CoreState, wallet: CrossWallet) {
  const { userId, account, coin } = wallet;
  const positions: CrossHolding[] = crossPositions(state, wallet).map((p) => {
    const rules = state.markets.get(p.symbol)?.spec.futures as FuturesRules;
    const mark = markOf(state, p);
    return {
      p,
      rules,
      pnl: pnl(rules.terms, p.qty, p.entry, mark),
      maintenance: maintenanceMargin(rules.brackets, notional(rules.terms, p.qty, mark)),
    };
  });
  const held = state.balances.get(userId, account, coin).available + positions.reduce((s, x) => s + x.p.margin, 0n);
  const balance = held + positions.reduce((s, x) => s + x.pnl, 0n);
  const maintenance = positions.reduce((s, x) => s + x.maintenance, 0n);
  // The index skips this account while the marks cannot have used its cushion up.
  state.liquidationIndex.noteCushion(
    crossKey(wallet),
    balance - maintenance,
    positions.map((x) => ({
      symbol: x.p.symbol,
      mark: markOf(state, x.p),
      size: (x.p.qty < 0n ? -x.p.qty : x.p.qty) * x.rules.terms.multiplier,
      inverse: x.rules.terms.kind === 'inverse',
    })),
  );
  return { positions, wallet: held, underwater: positions.length > 0 && balance <= maintenance };
}

/** Cancels the user's open futures orders that `which` picks (they hold margin the account may need). */
function cancelOrders(
  { state, batch, at }: ApplyContext,
  userId: number,
  which: (o: NonNullable<ReturnType<CoreState['open']['get']>>) => boolean,
) {
  for (const id of state.open.idsOf(userId, null)) {
    const order = state.open.get(id);
    if (!order?.spec.futures || !which(order)) continue;
    cancelOrder(state, batch, { userId, orderId: id, symbol: order.spec.symbol, account: order.account }, at);
    order.closedByExchange = true;
  }
}

/**
 * Closes the position (the three steps above), or with `keep` above zero reduces it to `keep` contracts through the
 * book alone (a partial liquidation). Returns the contracts closed.
 */
function liquidate(context: ApplyContext, p: FuturesPosition, backing: MarginBacking, keep = 0n): bigint {
  const { state, batch, at } = context;
  const rules = state.markets.get(p.symbol)?.spec.futures as FuturesRules;
  const spec = state.markets.get(p.symbol)?.spec;
  if (!spec) return 0n;
  const key = keyOf(p);
  const long = p.qty > 0n;
  const mark = markOf(state, p);
  const start = long ? p.qty : -p.qty;
  const risk: PositionRisk = { terms: rules.terms, brackets: rules.brackets, qty: p.qty, entry: p.entry, backing };
  const bankruptcy = bankruptcyPrice(risk);
  const fund = () => state.balances.get(0, rules.accounts.insurance, rules.marginCoin).available;
  const fundBefore = fund();
  const left = () => {
    const now = state.futures.positions.get(key);
    return now && now.id === p.id ? (now.qty < 0n ? -now.qty : now.qty) : 0n;
  };
  const unit = 10n ** BigInt(18 - spec.pricePrecision);
  /** A forced IOC order for what is left beyond `keep`, no worse than `price` (ledger units; a long sells). */
  const force = (price: bigint) => {
    const ticks = long ? ceilDiv(price, unit) : floorDiv(price, unit);
    const qty = left() - keep;
    if (qty <= 0n || ticks <= 0n || ticks > 2_147_483_647n) return;
    placeOrder(
      state,
      batch,
      {
        userId: p.userId,
        symbol: p.symbol,
        account: rules.accounts.user,
        clientOrderId: null,
        request: {
          side: long ? 'SELL' : 'BUY',
          type: 1,
          price: formatUnits(Number(ticks), spec.pricePrecision),
          volume: qty.toString(),
          timeInForce: 'IOC',
        },
        futures: {
          positionSide: p.positionSide,
          reduceOnly: true,
          leverage: p.leverage,
          marginMode: p.marginMode,
          kind: FORCED,
        },
      },
      at,
    );
  };
  // 1. Through the book at the bankruptcy price or better (any price when no price bankrupts it).
  force(bankruptcy ?? (long ? unit : BigInt(2_147_483_647) * unit));
  const byBook = start - left();
  // A partial liquidation goes through the book alone; what it could not close is closed whole afterwards.
  const whole = keep === 0n;
  // 2. Worse, as far as the insurance fund covers the loss beyond the margin.
  const cover = fund();
  let byFund = 0n;
  if (whole && left() > 0n && cover > 0n && bankruptcy !== null) {
    force(fundedPrice(rules, long, left(), bankruptcy, cover));
    byFund = start - byBook - left();
  }
  // 3. Auto-deleveraging at the bankruptcy price (the mark when there is none).
  const adl = whole && left() > 0n ? deleverage(context, p, bankruptcy ?? mark) : [];
  const closed = start - left();
  // A partial one that closed nothing changed nothing: the whole liquidation that follows is the record.
  if (!whole && closed === 0n) return 0n;
  batch.insert('futures_liquidations', {
    position_id: p.id,
    user_id: p.userId,
    symbol: p.symbol,
    qty: (long ? start : -start).toString(),
    entry: ledgerText(p.entry),
    margin_mode: p.marginMode,
    mark: ledgerText(mark),
    bankruptcy_price: bankruptcy === null ? '' : ledgerText(bankruptcy),
    by_book: byBook.toString(),
    by_fund: byFund.toString(),
    by_adl: adl.reduce((s, a) => s + a.qty, 0n).toString(),
    adl: JSON.stringify(adl.map((a) => ({ positionId: a.positionId, userId: a.userId, qty: a.qty.toString() }))),
    fund_before: ledgerText(fundBefore),
    fund_after: ledgerText(fund()),
    kind: whole ? 'whole' : 'partial',
    keep: keep.toString(),
    created_at: at,
  });
  batch.events.push({
    type: 'futuresLiquidation',
    userId: p.userId,
    symbol: p.symbol,
    positionId: p.id,
    qty: (long ? start : -start).toString(),
    mark: ledgerText(mark),
    closed: closed.toString(),
    partial: !whole,
  });
  return closed;
}

/**
 * The worst price the fund can pay for: where closing `qty` contracts loses `fund` more than at the bankruptcy
 * price. Linear: bankruptcy -/+ fund / (qty x multiplier); inverse: 1/p = 1/bankruptcy +/- fund / (qty x multiplier).
 * Rounded towards the bankruptcy price, so the fund never pays more than it holds.
 */
function fundedPrice(rules: FuturesRules, long: boolean, qty: bigint, bankruptcy: bigint, fund: bigint): bigint {
  const size = ledger(qty * rules.terms.multiplier);
  const room = div(ledger(fund), size);
  if (rules.terms.kind === 'linear') {
    const price = long ? sub(ledger(bankruptcy), room) : add(ledger(bankruptcy), room);
    return long ? ceilLedger(price) : floorLedger(price);
  }
  const inverse = long ? add(ratio(ONE, bankruptcy), room) : sub(ratio(ONE, bankruptcy), room);
  if (inverse.n <= 0n) return long ? 1n : bankruptcy * 1000n;
  const price = div(ratio(1n), inverse);
  return long ? ceilLedger(price) : floorLedger(price);
}

/**
 * Closes what is left of `p` against the opposite side's positions of other users, highest ADL score first (adl.ts;
 * a position's margin balance is its own margin and PnL at mark), at `price`, without fees.
 */
function deleverage(context: ApplyContext, p: FuturesPosition, price: bigint) {
  const { state, batch, at } = context;
  const rules = state.markets.get(p.symbol)?.spec.futures as FuturesRules;
  const long = p.qty > 0n;
  const mark = markOf(state, p);
  const opposite = [...state.futures.positionsOf(p.symbol)].filter(
    (q) => q.userId !== p.userId && (long ? q.qty < 0n : q.qty > 0n),
  );
  const candidates = opposite.map((q) => ({
    id: q.id,
    qty: q.qty,
    entry: q.entry,
    marginBalance: q.margin + pnl(rules.terms, q.qty, q.entry, mark),
  }));
  const ranked = adlRanking(rules.terms, candidates, mark)[long ? 'short' : 'long'];
  const byId = new Map(opposite.map((q) => [q.id, q]));
  const done: { positionId: number; userId: number; qty: bigint }[] = [];
  const context2 = { state, batch, now: at, rules, cause: `adl:${p.id}` };
  for (const { id } of ranked) {
    const current = state.futures.positions.get(keyOf(p));
    const rest = current && current.id === p.id ? (long ? current.qty : -current.qty) : 0n;
    if (rest <= 0n) break;
    const q = byId.get(id) as FuturesPosition;
    const size = q.qty < 0n ? -q.qty : q.qty;
    const take = rest < size ? rest : size;
    const value = notional(rules.terms, take, price);
    const none = () => 0n;
    settlePositionFill(context2, {
      userId: p.userId,
      symbol: p.symbol,
      intent: p,
      signed: long ? -take : take,
      price,
      value,
      feeRate: 0n,
      clearance: true,
      freeReserve: none,
    });
    settlePositionFill(context2, {
      userId: q.userId,
      symbol: q.symbol,
      intent: q,
      signed: long ? take : -take,
      price,
      value,
      feeRate: 0n,
      clearance: false,
      freeReserve: none,
    });
    done.push({ positionId: q.id, userId: q.userId, qty: take });
  }
  return done;
}
