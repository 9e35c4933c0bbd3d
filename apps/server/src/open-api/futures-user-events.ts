import type { CoreEvent } from '../core/core-events.ts';
import type { CoinAccount } from '../futures/futures-account.ts';
import { ledgerFixed, ledgerOf } from '../ledger/ledger-units.ts';
import { averagePrice } from '../modules/co/co-order.ts';
import type { Fanout } from '../realtime/fanout.ts';
import type { Services } from '../services.ts';
import { assetRow, type FamilyPosition, familyAccounts, positionRow } from './futures-account-routes.ts';
import { type FuturesFamily, type FuturesMarket, futuresMarkets, quantityOf } from './futures-markets.ts';
import { algoOrder, type FuturesFact, futuresOrder, lotsOf } from './futures-order-format.ts';
import type { OrderRow, TradeRow as SpotTradeRow } from './order-format.ts';
import type { UserEvent, UserEventFeed } from './user-events.ts';

/**
 * A futures family's user data stream (`/fapi/v1/listenKey`, `/dapi/v1/listenKey`), carried by the spot stream's
 * feed (user-events.ts: the same subscriptions, listen keys and listenKeyExpired) under the account
 * `futures:<family>`. From the core's events after each commit, for a user someone follows, in Binance's futures
 * shapes: `ACCOUNT_UPDATE` (the family's margin-coin balances and the touched contracts' positions, a closed one with
 * `pa` 0) with its reason (`m`: ORDER for fills and liquidations, DEPOSIT or WITHDRAW for transfers, FUNDING_FEE,
 * MARGIN_TRANSFER for position margin, ADMIN_DEPOSIT; none when only order margin was locked),
 * `ORDER_TRADE_UPDATE` for each new, filled, cancelled or expired order of the family's contracts (one per fill),
 * `MARGIN_CALL` when the risk check announces a position near its liquidation price, and `ALGO_UPDATE` when a
 * conditional order (a co trigger, announced by the trigger watch) is placed, cancelled, fired, refused or expires.
 */
export const futuresStreamAccount = (family: FuturesFamily) => `futures:${family}`;
/** Whether a listen key's account is a futures family's (streamed on /fstream or /dstream only). */
export const isFuturesStreamAccount = (account: string) => account.startsWith('futures:');

type TradeRow = SpotTradeRow & { buyer_realized: string; seller_realized: string };

/** The co ledger's causes as Binance's ACCOUNT_UPDATE reasons; order margin locked or freed is no update. */
const REASONS: Record<string, string> = {
  transfer: 'DEPOSIT',
  funding: 'FUNDING_FEE',
  position_margin: 'MARGIN_TRANSFER',
  liquidation: 'ORDER',
  realized_pnl: 'ORDER',
  trade: 'ORDER',
  fee: 'ORDER',
  delivery: 'ORDER',
  operator_credit: 'ADMIN_DEPOSIT',
  deposit: 'DEPOSIT',
  withdrawal: 'WITHDRAW',
};

const amount = (units: bigint) => ledgerFixed(units, 8);

export class FuturesUserEvents {
  private readonly account: string;
  /** Batches are turned into events one after another, in the order they came. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Services,
    private readonly feed: UserEventFeed,
    fanout: Fanout,
    private readonly family: FuturesFamily,
  ) {
    this.account = futuresStreamAccount(family);
    fanout.own(services.core.bus.subscribe((events) => this.onCoreEvents(events)));
  }

  private later(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch(() => undefined);
  }

  private onCoreEvents(events: readonly CoreEvent[]): void {
    const users = this.feed.followers(this.account);
    if (users.size === 0) return;
    const now = this.services.clock.now();
    for (const userId of users) {
      const mine = events.filter((e) => concerns(e, userId));
      if (mine.length) this.later(() => this.report(userId, mine, now));
    }
    const triggers = events.flatMap((e) => (e.type === 'futuresTrigger' && users.has(e.userId) ? [e.triggerId] : []));
    if (triggers.length) this.later(() => this.reportTriggers(triggers, now));
  }

  private async report(userId: number, events: CoreEvent[], now: number): Promise<void> {
    const markets = await futuresMarkets(this.services, this.family);
    const byBook = new Map(markets.map((m) => [m.book, m]));
    const coins = new Set(markets.map((m) => m.contract.margin_coin.toLowerCase()));
    const ours = events.filter((e) =>
      e.type === 'balance'
        ? e.account === 'co' && coins.has(e.coin.toLowerCase())
        : 'symbol' in e && byBook.has(e.symbol),
    );
    const balances = ours.flatMap((e) => (e.type === 'balance' ? [e] : []));
    const marginCalls = ours.flatMap((e) => (e.type === 'futuresMarginCall' ? [e] : []));
    const { rows, factOf, trades } = await this.readBatch(ours);
    const orderUpdates = rows.flatMap((row) => {
      const own = trades.filter(
        (t) => Number(t.maker_order_id) === Number(row.id) || Number(t.taker_order_id) === Number(row.id),
      );
      return orderTradeUpdates(row, factOf.get(Number(row.id)), byBook.get(row.symbol) as FuturesMarket, own, now);
    });
    const liquidated = ours.filter((e) => e.type === 'futuresLiquidation').map((e) => e.symbol);
    const filled = trades.length > 0 || liquidated.length > 0;
    const { reason, isolatedBooks } = filled
      ? { reason: 'ORDER', isolatedBooks: [] }
      : await this.balanceReason(userId, balances, markets);
    if (reason === null && marginCalls.length === 0) {
      this.feed.publish({ userId, account: this.account }, orderUpdates);
      return;
    }
    const { accounts, positions } = await familyAccounts(this.services, this.family, userId);
    const walletOf = (a: CoinAccount) => assetRow(a, this.family, positions, now);
    const out: UserEvent[] = [];
    if (reason !== null) {
      const books = new Set([
        ...rows.map((r) => r.symbol),
        ...trades.map((t) => t.symbol),
        ...liquidated,
        ...isolatedBooks,
      ]);
      const moved = new Map(balances.map((b) => [b.coin.toUpperCase(), b.moved ?? '0']));
      const touched = new Set([
        ...moved.keys(),
        ...[...books].map((b) => byBook.get(b)?.contract.margin_coin.toUpperCase()),
      ]);
      const B = accounts
        .filter((a) => touched.has(a.coin))
        .map((a) => {
          const row = walletOf(a);
          // Binance's bc leaves out PnL and fees: what a fill moved is none of it.
          const change = reason === 'ORDER' ? '0' : (moved.get(a.coin) ?? '0');
          return { a: a.coin, wb: row.walletBalance, cw: row.crossWalletBalance, bc: amount(ledgerOf(change)) };
        });
      const P = [...books].flatMap((book) => positionRows(byBook.get(book) as FuturesMarket, positions, factOf));
      const m = reason === 'DEPOSIT' && balances.some((b) => b.moved?.startsWith('-')) ? 'WITHDRAW' : reason;
      out.push({ e: 'ACCOUNT_UPDATE', E: now, T: now, a: { m, B, P } });
    }
    out.push(...orderUpdates);
    for (const call of marginCalls) {
      const p = positions.find((x) => x.position.id === call.positionId);
      if (!p) continue;
      const cw = walletOf(p.account).crossWalletBalance;
      out.push({ e: 'MARGIN_CALL', E: now, cw, p: [marginCallRow(p, this.family)] });
    }
    this.feed.publish({ userId, account: this.account }, out);
  }

  /** The batch's orders of the family (with their futures facts) and fills (with what each realized). */
  private async readBatch(events: CoreEvent[]) {
    const { db } = this.services.database;
    const orderIds = events.flatMap((e) => (e.type === 'order' ? [e.orderId] : []));
    const tradeIds = events.flatMap((e) => (e.type === 'trade' ? [e.tradeId] : []));
    const [rows, facts, trades] = await Promise.all([
      orderIds.length ? db.selectFrom('orders').selectAll().where('id', 'in', orderIds).orderBy('id').execute() : [],
      orderIds.length ? db.selectFrom('futures_orders').selectAll().where('order_id', 'in', orderIds).execute() : [],
      tradeIds.length
        ? db
            .selectFrom('trades')
            .innerJoin('futures_fills', 'futures_fills.trade_id', 'trades.id')
            .selectAll('trades')
            .select(['futures_fills.buyer_realized', 'futures_fills.seller_realized'])
            .where('trades.id', 'in', tradeIds)
            .orderBy('trades.id')
            .execute()
        : [],
    ]);
    return { rows, factOf: new Map(facts.map((f) => [Number(f.order_id), f])), trades };
  }

  /**
   * Why the futures balances moved without a fill: the latest co ledger row's cause (null for order margin), and the
   * isolated positions it moved (their margin, their funding), whose rows Binance sends with it; a cross position's
   * funding or transfer names none.
   */
  private async balanceReason(
    userId: number,
    balances: { coin: string }[],
    markets: FuturesMarket[],
  ): Promise<{ reason: string | null; isolatedBooks: string[] }> {
    const none = { reason: null, isolatedBooks: [] };
    if (balances.length === 0) return none;
    const { db } = this.services.database;
    const co = db.selectFrom('ledger_entries').where('owner_id', '=', userId).where('account', '=', 'co');
    const latest = await co.select(['cause', 'cause_id']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    const reason = latest ? REASONS[latest.cause] : undefined;
    if (!latest || !reason) return none;
    if (latest.cause !== 'position_margin' && latest.cause !== 'funding') return { reason, isolatedBooks: [] };
    // Isolated margin is held in `locked`: a movement there was an isolated position's (its id, or its contract's).
    const isolated = await co
      .select('id')
      .where('cause_id', '=', latest.cause_id)
      .where('field', '=', 'locked')
      .limit(1)
      .executeTakeFirst();
    if (!isolated) return { reason, isolatedBooks: [] };
    const [kind, id] = latest.cause_id.split(':');
    if (kind === 'funding') {
      const market = markets.find((m) => String(m.contract.id) === id);
      return { reason, isolatedBooks: market ? [market.book] : [] };
    }
    const position = await db
      .selectFrom('futures_positions')
      .select('symbol')
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return { reason, isolatedBooks: position ? [position.symbol] : [] };
  }

  private async reportTriggers(ids: number[], now: number): Promise<void> {
    const users = this.feed.followers(this.account);
    const rows = await this.services.database.db
      .selectFrom('futures_trigger_orders')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const byBook = new Map((await futuresMarkets(this.services, this.family)).map((m) => [m.book, m]));
    for (const t of rows) {
      const m = byBook.get(t.symbol);
      if (!m || !users.has(Number(t.user_id))) continue;
      const a = algoOrder(t, m);
      const o = {
        caid: a.clientAlgoId,
        aid: a.algoId,
        at: a.algoType,
        o: a.orderType,
        s: a.symbol,
        S: a.side,
        ps: a.positionSide,
        f: a.timeInForce,
        q: a.quantity,
        X: a.algoStatus,
        ai: t.order_id === null ? '' : String(t.order_id),
        tp: a.triggerPrice,
        p: a.price,
        V: a.selfTradePreventionMode,
        wt: a.workingType,
        pm: a.priceMatch,
        cp: a.closePosition,
        pP: a.priceProtect,
        R: a.reduceOnly,
        tt: a.triggerTime,
        gtd: a.goodTillDate,
        ...(a.activatePrice === undefined ? {} : { AP: a.activatePrice, cr: a.callbackRate }),
        ...(t.error_code ? { rm: t.error_code } : {}),
      };
      this.feed.publish({ userId: Number(t.user_id), account: this.account }, [
        { e: 'ALGO_UPDATE', E: now, T: Number(t.updated_at), o },
      ]);
    }
  }
}

/** Whether a core event may change what the user's futures stream shows. */
function concerns(e: CoreEvent, userId: number): boolean {
  switch (e.type) {
    case 'order':
    case 'futuresMarginCall':
    case 'futuresLiquidation':
      return e.userId === userId;
    case 'trade':
      return e.makerUserId === userId || e.takerUserId === userId;
    case 'balance':
      return e.ownerId === userId && e.account === 'co';
    default:
      return false;
  }
}

/**
 * ACCOUNT_UPDATE's positions of one contract: each open one, and a zero row for each side an order of this batch
 * touched that holds none now (so a client drops the position it closed).
 */
function positionRows(m: FuturesMarket, positions: FamilyPosition[], factOf: Map<number, FuturesFact>) {
  const open = positions.filter((p) => p.market.book === m.book);
  const rows = open.map((p) => {
    const r = positionRow(p, m.family, 2);
    return {
      s: r.symbol,
      pa: r.positionAmt,
      ep: r.entryPrice,
      bep: r.breakEvenPrice,
      cr: amount(p.position.realized),
      up: r.unRealizedProfit,
      mt: marginTypeOf(p),
      iw: r.isolatedWallet,
      ps: r.positionSide,
      ma: m.contract.margin_coin.toUpperCase(),
    };
  });
  const sides = new Set(
    [...factOf.values()].filter((f) => f.symbol === m.book).map((f) => f.position_side.toUpperCase()),
  );
  if (sides.size === 0 && rows.length === 0) sides.add('BOTH');
  for (const side of sides) {
    if (rows.some((r) => r.ps === side)) continue;
    const zero = '0';
    rows.push({
      s: m.symbol,
      pa: zero,
      ep: zero,
      bep: zero,
      cr: zero,
      up: zero,
      mt: 'cross',
      iw: zero,
      ps: side,
      ma: m.contract.margin_coin.toUpperCase(),
    });
  }
  return rows;
}

const marginTypeOf = (p: FamilyPosition) => (p.position.marginMode === 2 ? 'isolated' : 'cross');

function marginCallRow(p: FamilyPosition, family: FuturesFamily) {
  const r = positionRow(p, family, 2);
  return {
    s: r.symbol,
    ps: r.positionSide,
    pa: r.positionAmt,
    mt: marginTypeOf(p).toUpperCase(),
    iw: r.isolatedWallet,
    mp: r.markPrice,
    up: r.unRealizedProfit,
    mm: amount(p.maintenance),
  };
}

/**
 * The ORDER_TRADE_UPDATEs one batch makes for an order: NEW when placed in it, one TRADE per fill (cumulative
 * quantity and average price counted up to it, the fill's fee and realized PnL), then CANCELED or EXPIRED when it
 * ended so.
 */
export function orderTradeUpdates(
  row: OrderRow,
  fact: FuturesFact | undefined,
  m: FuturesMarket,
  trades: TradeRow[],
  now: number,
): UserEvent[] {
  const order = futuresOrder(row, fact, m);
  const id = Number(row.id);
  const digits = m.contract.price_precision;
  const coin = m.contract.margin_coin.toUpperCase();
  let lots = lotsOf(row.deal_volume);
  let money = ledgerOf(row.deal_money);
  for (const t of trades) {
    lots -= lotsOf(t.volume);
    money -= ledgerOf(t.amount);
  }
  const base = {
    s: m.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: order.type,
    f: order.timeInForce,
    q: order.origQty,
    p: order.price,
    sp: '0',
    i: id,
    b: '0',
    a: '0',
    R: order.reduceOnly,
    wt: order.workingType,
    ot: order.origType,
    ps: order.positionSide,
    cp: false,
    pP: false,
    si: 0,
    ss: 0,
    V: 'NONE',
    pm: 'NONE',
    gtd: 0,
    ...(m.family === 'dapi' ? { ma: coin } : {}),
  };
  const state = (x: string, X: string) => ({
    ...base,
    x,
    X,
    ap: averagePrice(m.contract, lots, money),
    l: quantityOf(m, 0),
    z: quantityOf(m, lots.toString()),
    L: '0',
    n: '0',
    N: coin,
    T: Number(row.updated_at),
    t: 0,
    m: false,
    rp: '0',
  });
  const event = (o: object, T: number): UserEvent => ({ e: 'ORDER_TRADE_UPDATE', E: now, T, o });
  const updates: UserEvent[] = [];
  // Placed in this batch: not changed since, and not a maker filled here (a maker rested in an earlier one).
  const placedNow =
    Number(row.created_at) === Number(row.updated_at) && !trades.some((t) => Number(t.maker_order_id) === id);
  if (placedNow) updates.push(event({ ...state('NEW', 'NEW'), T: Number(row.created_at) }, Number(row.created_at)));
  trades.forEach((t, i) => {
    lots += lotsOf(t.volume);
    money += ledgerOf(t.amount);
    const buyer = row.side === 'BUY';
    const X = i === trades.length - 1 && order.status === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
    const T = Number(t.created_at);
    const o = {
      ...state('TRADE', X),
      l: quantityOf(m, lotsOf(t.volume).toString()),
      L: ledgerFixed(ledgerOf(t.price), digits),
      n: amount(ledgerOf(buyer ? t.buyer_fee : t.seller_fee)),
      T,
      t: Number(t.id),
      m: Number(t.maker_order_id) === id,
      rp: amount(ledgerOf(buyer ? t.buyer_realized : t.seller_realized)),
    };
    updates.push(event(o, T));
  });
  if (order.status === 'CANCELED' || order.status === 'EXPIRED' || order.status === 'REJECTED')
    updates.push(event(state(order.status, order.status), Number(row.updated_at)));
  return updates;
}
