import { CoTriggerMemo, CoTriggerStatus } from '@opex/contract/calls/co-trigger';
import { ErrorCode, type ErrorCodeValue } from '@opex/contract/error-codes';
import { findLiveContractById } from '../../catalog/contracts.ts';
import type { CoreEvent } from '../../core/core-events.ts';
import { isFuturesUserAccount } from '../../core/futures/futures-rules.ts';
import type { ContractPrice } from '../../futures/contract-prices.ts';
import { type ArmedTrigger, TriggerBook } from '../../futures/trigger-book.ts';
import {
  activeTriggers,
  armedTrigger,
  endTrigger,
  ownActiveTriggers,
  placedOrders,
  saveExtreme,
  type TriggerEnd,
  type TriggerRow,
  triggerClientOrderId,
} from '../../futures/trigger-store.ts';
import { parseLedger } from '../../ledger/ledger-units.ts';
import type { Services } from '../../services.ts';

/** Why a fired trigger's order was refused, as the original's memo (§1.3); other refusals are memo 7. */
const FAILURE_MEMO: Partial<Record<ErrorCodeValue, number>> = {
  [ErrorCode.insufficientBalance]: CoTriggerMemo.margin,
  [ErrorCode.futuresLeverageTooHigh]: CoTriggerMemo.margin,
  [ErrorCode.futuresMarginModeDiffers]: CoTriggerMemo.margin,
  [ErrorCode.futuresCloseAboveClosable]: CoTriggerMemo.notClosable,
  [ErrorCode.futuresNoPosition]: CoTriggerMemo.notClosable,
  [ErrorCode.futuresContractClosed]: CoTriggerMemo.suspended,
  [ErrorCode.marketClosed]: CoTriggerMemo.suspended,
  [ErrorCode.marketNotFound]: CoTriggerMemo.suspended,
};

/** How often expiries are looked at when no price moves. */
const EXPIRY_SWEEP_MS = 1000;

/**
 * The trigger watch: holds every active conditional order in a TriggerBook and, on each trade of a contract (last
 * price) and each mark price change, fires those crossed by placing their order through the core with the settings
 * stored with them. Each order carries the trigger's client order id, so a trigger fired twice (a crash between the
 * order and the trigger's row, a second watch) places one order; on start, triggers whose order exists are ended.
 * Expired triggers are ended each second and before any firing; closing triggers whose position is gone are
 * cancelled after the owner's order and futures balance events. All work runs one task at a time, so a cancel never races a firing.
 */
export class TriggerWatch {
  private readonly book = new TriggerBook();
  private readonly lastPrices = new Map<string, bigint[]>();
  private readonly marks = new Map<string, bigint>();
  /** Owners whose positions may have closed, with the order ids of their events. */
  private readonly owners = new Map<string, { userId: number; symbol: string; orderIds: Set<number> }>();
  private drainQueued = false;
  private chain: Promise<unknown> = Promise.resolve();
  private stops: (() => void)[] = [];

  private constructor(private readonly services: Services) {}

  static async start(services: Services): Promise<TriggerWatch> {
    const watch = new TriggerWatch(services);
    await watch.load();
    const stopCore = services.core.bus.subscribe((events) => watch.onCore(events));
    const stopMarks = services.contractPrices.subscribe((changes) => watch.onMarks(changes));
    const timer = setInterval(() => watch.drainSoon(), EXPIRY_SWEEP_MS).unref();
    watch.stops = [stopCore, stopMarks, () => clearInterval(timer)];
    return watch;
  }

  async stop(): Promise<void> {
    for (const stop of this.stops) stop();
    await this.chain;
  }

  /** Arms triggers just stored, and announces them. */
  arm(rows: readonly TriggerRow[]): void {
    for (const row of rows) this.book.add(armedTrigger(row));
    this.announce(
      rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), symbol: row.symbol })),
      null,
    );
  }

  /**
   * Ends the user's active triggers of the contract named by `ids` (all when null) with `memo`, after any firing
   * under way; answers the ids ended (one fired meanwhile is not).
   */
  cancel(userId: number, symbol: string, ids: readonly number[] | null, memo: number): Promise<number[]> {
    return this.serial(async () => {
      const rows = await ownActiveTriggers(this.services.database.db, userId, symbol, ids);
      const ended: number[] = [];
      for (const row of rows) {
        const t = { id: Number(row.id), userId: Number(row.user_id), symbol: row.symbol };
        if (await this.end(t, { status: CoTriggerStatus.cancelled, memo })) ended.push(t.id);
      }
      return ended;
    });
  }

  private async load(): Promise<void> {
    const { db } = this.services.database;
    const rows = await activeTriggers(db);
    const placed = await placedOrders(db, rows);
    const now = this.services.clock.now();
    for (const row of rows) {
      const order = placed.get(Number(row.id));
      if (!order) {
        this.book.add(armedTrigger(row));
        if (row.reduce_only === 1) this.ownerChanged(Number(row.user_id), row.symbol, null);
        continue;
      }
      // Fired before a restart: its order was placed (or refused) but the trigger's row not yet ended.
      const end = order.rejectCode
        ? failure(order.rejectCode as ErrorCodeValue)
        : { status: CoTriggerStatus.done, memo: 0, orderId: order.orderId };
      await endTrigger(db, Number(row.id), end, now);
    }
    this.drainSoon();
  }

  private onCore(events: readonly CoreEvent[]): void {
    for (const e of events) {
      if (e.type === 'trade' && this.services.core.market(e.symbol)?.futures) {
        const price = parseLedger(e.price);
        if (price === null) continue;
        const prices = this.lastPrices.get(e.symbol);
        if (prices) prices.push(price);
        else this.lastPrices.set(e.symbol, [price]);
      } else if (e.type === 'order' && this.book.closing(e.userId, e.symbol).length > 0) {
        this.ownerChanged(e.userId, e.symbol, e.orderId);
      } else if (e.type === 'balance' && isFuturesUserAccount(e.account)) {
        // Positions may also end without an order of their owner (auto-deleveraging, a takeover).
        for (const symbol of this.book.closingSymbols(e.ownerId)) this.ownerChanged(e.ownerId, symbol, null);
      }
    }
    if (this.lastPrices.size || this.owners.size) this.drainSoon();
  }

  private onMarks(changes: readonly ContractPrice[]): void {
    for (const c of changes) if (c.mark !== null) this.marks.set(c.symbol, c.mark);
    if (this.marks.size) this.drainSoon();
  }

  private ownerChanged(userId: number, symbol: string, orderId: number | null): void {
    const key = `${userId}|${symbol}`;
    const entry = this.owners.get(key) ?? { userId, symbol, orderIds: new Set<number>() };
    if (orderId !== null) entry.orderIds.add(orderId);
    this.owners.set(key, entry);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch((error) => console.error('futures trigger watch', error));
    return run;
  }

  private drainSoon(): void {
    if (this.drainQueued) return;
    this.drainQueued = true;
    void this.serial(async () => {
      this.drainQueued = false;
      await this.drain();
    });
  }

  /** One round: expiries, then the triggers the prices seen crossed, then the positions that may be gone. */
  private async drain(): Promise<void> {
    const { db } = this.services.database;
    const now = this.services.clock.now();
    for (const t of this.book.takeExpired(now))
      await this.end(t, { status: CoTriggerStatus.expired, memo: CoTriggerMemo.expired });
    const due: ArmedTrigger[] = [];
    const moved: ArmedTrigger[] = [];
    const seen = [
      ...[...this.lastPrices].map(([symbol, prices]) => ({ symbol, kind: 1 as const, prices })),
      ...[...this.marks].map(([symbol, mark]) => ({ symbol, kind: 2 as const, prices: [mark] })),
    ];
    this.lastPrices.clear();
    this.marks.clear();
    for (const { symbol, kind, prices } of seen) {
      let [high, low] = [prices[0] as bigint, prices[0] as bigint];
      for (const p of prices) {
        if (p > high) high = p;
        if (p < low) low = p;
      }
      due.push(...this.book.takeCrossed(symbol, kind, high, low));
      const trailing = this.book.follow(symbol, kind, prices);
      due.push(...trailing.fired);
      moved.push(...trailing.moved);
    }
    for (const t of moved) await saveExtreme(db, t.id, t.trailing?.extreme as bigint, now);
    for (const t of due.sort((a, b) => a.id - b.id)) await this.fire(t);
    const owners = [...this.owners.values()];
    this.owners.clear();
    for (const owner of owners) await this.cancelOrphans(owner);
  }

  /** Places the trigger's order (it is out of the book already) and ends it with the outcome. */
  private async fire(t: ArmedTrigger): Promise<void> {
    const { db } = this.services.database;
    const row = await db.selectFrom('futures_trigger_orders').selectAll().where('id', '=', t.id).executeTakeFirst();
    if (!row || row.status !== CoTriggerStatus.active) return;
    if (Number(row.expire_at) <= this.services.clock.now()) {
      await this.end(t, { status: CoTriggerStatus.expired, memo: CoTriggerMemo.expired });
      return;
    }
    const contract = await findLiveContractById(db, Number(row.contract_id));
    if (contract?.status !== 'listed') {
      await this.end(t, failure(ErrorCode.futuresContractClosed));
      return;
    }
    const outcome = await this.services.core.execute('futuresPlace', {
      userId: Number(row.user_id),
      symbol: row.symbol,
      side: row.side,
      kind: row.order_type === 2 ? 2 : 1,
      ...(row.order_type === 2 ? {} : { price: row.price }),
      volume: row.volume,
      intent: {
        positionSide: row.position_side as 'both' | 'long' | 'short',
        reduceOnly: row.reduce_only === 1,
        leverage: row.leverage,
        marginMode: row.margin_mode,
      },
      clientOrderId: triggerClientOrderId(t.id),
    });
    if (!outcome.ok && outcome.code === ErrorCode.tradingUnavailable) {
      // The core is not taking orders right now (stopping, a failed write): the trigger waits for the next price.
      this.book.add(t);
      return;
    }
    await this.end(
      t,
      outcome.ok ? { status: CoTriggerStatus.done, memo: 0, orderId: outcome.orderId } : failure(outcome.code),
    );
  }

  /**
   * Cancels the owner's closing triggers whose position is gone (closed, or turned to the other side): memo 5 when
   * one of the orders just seen was the liquidation's (forced, kind 6), else memo 4.
   */
  private async cancelOrphans(owner: { userId: number; symbol: string; orderIds: Set<number> }): Promise<void> {
    const closing = this.book.closing(owner.userId, owner.symbol);
    if (closing.length === 0) return;
    const { db } = this.services.database;
    const positions = await db
      .selectFrom('futures_positions')
      .select(['position_side', 'qty'])
      .where('user_id', '=', owner.userId)
      .where('symbol', '=', owner.symbol)
      .where('open', '=', 1)
      .execute();
    const gone = closing.filter((t) => {
      const p = positions.find((r) => r.position_side === t.closes);
      const qty = p ? BigInt(p.qty) : 0n;
      return t.side === 'SELL' ? qty <= 0n : qty >= 0n;
    });
    if (gone.length === 0) return;
    const forced =
      owner.orderIds.size > 0 &&
      (await db
        .selectFrom('futures_orders')
        .select('order_id')
        .where('order_id', 'in', [...owner.orderIds])
        .where('user_id', '=', owner.userId)
        .where('kind', '=', 6)
        .executeTakeFirst()) !== undefined;
    const memo = forced ? CoTriggerMemo.liquidated : CoTriggerMemo.notClosable;
    for (const t of gone) await this.end(t, { status: CoTriggerStatus.cancelled, memo });
  }

  /** Ends an active trigger: out of the book, its row ended and the end announced; false when it had ended already. */
  private async end(t: Announced, end: TriggerEnd): Promise<boolean> {
    this.book.remove(t.id);
    const ended = await endTrigger(this.services.database.db, t.id, end, this.services.clock.now());
    if (ended) this.announce([t], end);
    return ended;
  }

  /** Triggers created (`end` null) or ended, on the core's bus (a user's futures orders channel follows them). */
  private announce(triggers: readonly Announced[], end: TriggerEnd | null): void {
    if (triggers.length === 0) return;
    this.services.core.bus.publish(
      triggers.map((t) => ({
        type: 'futuresTrigger' as const,
        userId: t.userId,
        symbol: t.symbol,
        triggerId: t.id,
        status: end?.status ?? CoTriggerStatus.active,
        orderId: end?.orderId ?? null,
      })),
    );
  }
}

/** What announcing a trigger needs of it. */
type Announced = Pick<ArmedTrigger, 'id' | 'userId' | 'symbol'>;

function failure(code: ErrorCodeValue): TriggerEnd {
  return { status: CoTriggerStatus.failed, memo: FAILURE_MEMO[code] ?? CoTriggerMemo.refused, errorCode: code };
}
