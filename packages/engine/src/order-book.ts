// Over 400 lines: the matching loop's hot paths stay in one class, so V8 inlines them (bench/engine measures it).
/**
 * @opex/engine — the order book of one market: pure, synchronous, deterministic. No I/O, no clock, no randomness:
 * time and ids come in with the commands, so replaying a command log reproduces every event and the state hash.
 *
 * Units: prices in ticks, quantities in lots, quote amounts and notional in tick-lots (price × lots), all integers
 * (see market-rules.ts for the bounds that keep them exact). Order ids and owners are caller-chosen safe integers.
 *
 * API
 *   const book = new OrderBook(defineRules({ ... }), { capacity })       // market-rules.ts
 *   book.place(cmd) / book.cancel(cmd) / book.amend(cmd) / book.apply(cmd) // commands.ts
 *   book.placeLimit(id, owner, side, price, qty, ts)   // the plain GTC limit place() without a command object
 *   book.events                  // the events of the last command: events.ts (numeric records, no allocation)
 *   decodeEvents(book.events)    // event-decoder.ts: plain event objects for the server and the tests
 *   depth(book, step, levels?)   // depth.ts: L2 merged into buckets of `step` ticks
 *   snapshot(book) / restore(s) / stateHash(book)   // snapshot.ts, state-hash.ts: L3 state and its hash
 *
 * Matching: price-time priority; a trade is at the maker's price and never beyond the taker's limit. Per command
 * the event order is: rejected, or accepted → trades and self-trade cancels in matching order → the taker's
 * cancelled remainder (IOC, FOK, market, self-trade) → triggered orders, each followed by its own events.
 */

import { BookSide } from './book-side.ts';
import {
  type AmendCommand,
  type CancelCommand,
  type Command,
  OrderKind,
  type PlaceCommand,
  SelfTradePrevention,
  Side,
  TimeInForce,
  TriggerKind,
} from './commands.ts';
import * as codes from './events.ts';
import { EventLog } from './events.ts';
import { IdMap } from './id-map.ts';
import * as ruleBounds from './market-rules.ts';
import { checkBand, checkLimit, checkNotional, checkPrice, checkQty, type MarketRules } from './market-rules.ts';
import * as flagBits from './order-flags.ts';
import { isPostOnly, kindOf, packFlags, sideOf, stpOf, tifOf, triggerOf } from './order-flags.ts';
import * as layout from './order-store.ts';
import { OrderStore } from './order-store.ts';
import { Reason } from './reasons.ts';
import { TriggerQueue } from './trigger-queue.ts';

const NONE = -1;

/*
 * The constants of the hot paths, as this module's own: V8 folds a module's own consts into optimized code, but
 * reads an imported binding from its module cell, with a hole check, at every use. Each is checked against its
 * source when the module loads.
 */
const NEXT = 0;
const LEVEL = 2;
const PRICE = 3;
const FLAGS = 4;
const INTS = 5;
const ID = 0;
const OWNER = 1;
const REMAINING = 2;
const SEQ = 3;
const NUMS = 4;
const EVENT_STRIDE = 12;
const OFFSET_MASK = 2 ** 28 - 1;
const EV_ACCEPTED = 0;
const EV_TRADE = 2;
const EV_CANCELLED = 3;
/** Flag bits read in the hot paths in place of order-flags.ts's sideOf()/stpOf() (imported calls cost a cell load). */
const SIDE_BIT = 1;
const STP_SHIFT = 5;
const BY_QUOTE = 1 << 9;
const PENDING = 1 << 10;
const MAX_PRICE = 2 ** 31 - 1;
const BUY = 0;
const LIMIT = 0;
const GTC = 0;
const FOK = 2;
const STP_NONE = 0;
const STP_CANCEL_NEWEST = 1;
const STP_CANCEL_BOTH = 3;
const OK = 0;
const USER = 1;
const SELF_TRADE = 4;
const DUPLICATE_ID = 6;
const UNKNOWN_ORDER = 7;
const INVALID = 9;
if (
  NEXT !== layout.NEXT ||
  LEVEL !== layout.LEVEL ||
  PRICE !== layout.PRICE ||
  FLAGS !== layout.FLAGS ||
  INTS !== layout.INTS ||
  ID !== layout.ID ||
  OWNER !== layout.OWNER ||
  REMAINING !== layout.REMAINING ||
  SEQ !== layout.SEQ ||
  NUMS !== layout.NUMS ||
  EVENT_STRIDE !== codes.EVENT_STRIDE ||
  OFFSET_MASK !== codes.OFFSET_MASK ||
  EV_ACCEPTED !== codes.EventType.Accepted ||
  EV_TRADE !== codes.EventType.Trade ||
  EV_CANCELLED !== codes.EventType.Cancelled ||
  BY_QUOTE !== flagBits.BY_QUOTE ||
  flagBits.sideOf(SIDE_BIT) !== Side.Sell ||
  flagBits.stpOf(3 << STP_SHIFT) !== 3 ||
  PENDING !== flagBits.PENDING ||
  MAX_PRICE !== ruleBounds.MAX_PRICE ||
  BUY !== Side.Buy ||
  LIMIT !== OrderKind.Limit ||
  GTC !== TimeInForce.GTC ||
  FOK !== TimeInForce.FOK ||
  STP_NONE !== SelfTradePrevention.None ||
  STP_CANCEL_NEWEST !== SelfTradePrevention.CancelNewest ||
  STP_CANCEL_BOTH !== SelfTradePrevention.CancelBoth ||
  OK !== Reason.None ||
  USER !== Reason.User ||
  SELF_TRADE !== Reason.SelfTrade ||
  DUPLICATE_ID !== Reason.DuplicateId ||
  UNKNOWN_ORDER !== Reason.UnknownOrder ||
  INVALID !== Reason.Invalid
) {
  throw new Error('order-book: a local constant differs from its source');
}

export interface BookOptions {
  /** Expected live orders: storage is sized for it up front and grows past it. */
  capacity?: number;
  /** Seq of the last event already emitted, when a book continues a sequence (restore). */
  lastSeq?: number;
}

export class OrderBook {
  /** Fixed for the book's life (the book keeps bounds derived from it). */
  readonly rules: MarketRules;
  readonly events: EventLog;
  /** Storage below is read by depth.ts, snapshot.ts and state-hash.ts; only this class changes it. */
  readonly store: OrderStore;
  readonly ids: IdMap;
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  readonly rising = new TriggerQueue(true);
  readonly falling = new TriggerQueue(false);
  /** Price of the last trade in ticks, 0 before the first. */
  lastPrice = 0;
  /** Timestamp of the command being executed, stamped on every event it causes. */
  private now = 0;
  /** Reused by cancelId(). */
  private readonly cancelCommand: CancelCommand = { type: 'cancel', id: 0, ts: 0 };
  /** Whether a limit order needs only range checks: steps of 1, no minimum notional, no band (see BookSide.isBid). */
  private readonly plainRules: boolean;
  private readonly minQty: number;
  private readonly maxQty: number;

  constructor(rules: MarketRules, options: BookOptions = {}) {
    const capacity = options.capacity ?? 1024;
    this.rules = rules;
    this.events = new EventLog(options.lastSeq ?? 0);
    this.store = new OrderStore(capacity);
    this.ids = new IdMap(this.store, capacity);
    this.plainRules = rules.priceStep === 1 && rules.qtyStep === 1 && rules.minNotional === 0 && rules.bandBps === 0;
    this.minQty = rules.minQty;
    this.maxQty = rules.maxQty;
  }

  /** Live orders: resting plus waiting for their trigger. */
  get orderCount(): number {
    return this.ids.size;
  }

  apply(cmd: Command): void {
    if (cmd.type === 'place') this.place(cmd);
    else if (cmd.type === 'cancel') this.cancel(cmd);
    else this.amend(cmd);
  }

  place(cmd: PlaceCommand): void {
    if (
      cmd.kind === LIMIT &&
      (cmd.tif === undefined || cmd.tif === GTC) &&
      (cmd.stp === undefined || cmd.stp === STP_NONE) &&
      (cmd.trigger === undefined || cmd.trigger === TriggerKind.None) &&
      (cmd.quote === undefined || cmd.quote === 0) &&
      cmd.postOnly !== true
    ) {
      this.placeLimit(cmd.id, cmd.owner, cmd.side, cmd.price as number, cmd.qty, cmd.ts);
      return;
    }
    this.events.clear();
    this.now = cmd.ts;
    const reason = this.checkPlace(cmd);
    if (reason !== OK) {
      this.events.rejected(cmd.ts, cmd.id, reason);
      return;
    }
    const trigger = cmd.trigger ?? TriggerKind.None;
    const quote = cmd.quote ?? 0;
    // A market order's price, when given, is its protection price: it takes nothing beyond it.
    const price = cmd.price ?? 0;
    const triggerPrice = trigger === TriggerKind.None ? 0 : (cmd.triggerPrice as number);
    const flags = packFlags(
      cmd.side,
      cmd.kind,
      cmd.tif ?? GTC,
      cmd.postOnly ?? false,
      cmd.stp ?? STP_NONE,
      trigger,
      quote !== 0,
    );
    const store = this.store;
    const slot = store.alloc();
    const at = slot * INTS;
    const n = slot * NUMS;
    store.ints[at + PRICE] = price;
    store.ints[at + FLAGS] = flags;
    store.nums[n + ID] = cmd.id;
    store.nums[n + OWNER] = cmd.owner;
    store.nums[n + REMAINING] = quote !== 0 ? quote : cmd.qty;
    store.nums[n + SEQ] = this.events.accepted(
      cmd.ts,
      cmd.id,
      cmd.owner,
      cmd.side,
      cmd.kind,
      price,
      cmd.qty,
      quote,
      triggerPrice,
      flags,
    );
    // checkPlace's duplicate test was the id map's last use: its probe is where the id goes.
    this.ids.setAfterGet(slot);
    if (trigger !== TriggerKind.None) {
      this.triggerQueueOf(flags).add(slot, triggerPrice);
      return;
    }
    this.execute(slot);
    this.fireTriggers();
  }

  /**
   * place() of a GTC limit order without post-only, self-trade prevention or trigger, with the same checks and
   * events, for callers that would otherwise fill a command object per order. The hot path: it writes its
   * records in place rather than through helpers.
   */
  placeLimit(id: number, owner: number, side: Side, price: number, qty: number, ts: number): void {
    const events = this.events;
    events.count = 0;
    this.now = ts;
    let reason: Reason = OK;
    if (!Number.isSafeInteger(id) || id < 0 || !Number.isSafeInteger(owner) || (side !== 0 && side !== 1)) {
      reason = INVALID;
    } else if (this.ids.get(id) !== NONE) reason = DUPLICATE_ID;
    else if (
      !(
        this.plainRules === true &&
        qty >= this.minQty &&
        qty <= this.maxQty &&
        price >= 1 &&
        price <= MAX_PRICE &&
        Number.isSafeInteger(qty) &&
        Number.isSafeInteger(price)
      )
    ) {
      reason = checkLimit(this.rules, price, qty, this.lastPrice);
    }
    if (reason !== OK) {
      events.rejected(ts, id, reason);
      return;
    }
    // A plain GTC limit's flags are its side alone (order-flags.ts).
    const store = this.store;
    const slot = store.alloc();
    const ints = store.ints;
    const nums = store.nums;
    const at = slot * INTS;
    const n = slot * NUMS;
    // Both are checked int32s by now: `| 0` lets V8 store them as such instead of through a float64 conversion.
    ints[at + PRICE] = price | 0;
    ints[at + FLAGS] = side | 0;
    nums[n + ID] = id;
    nums[n + OWNER] = owner;
    nums[n + REMAINING] = qty;
    let d: Float64Array = events.data;
    if (d.length < EVENT_STRIDE) d = events.grow();
    const seq = ++events.seq;
    events.count = 1;
    d[0] = EV_ACCEPTED;
    d[1] = seq;
    d[2] = ts;
    d[3] = id;
    d[4] = owner;
    d[5] = side;
    d[6] = LIMIT;
    d[7] = price;
    d[8] = qty;
    d[9] = 0;
    d[10] = 0;
    d[11] = side;
    nums[n + SEQ] = seq;
    const isBuy = side === BUY;
    const opposite = isBuy ? this.asks : this.bids;
    const top = opposite.best();
    if (top !== NONE && (isBuy ? (opposite.price[top] as number) <= price : (opposite.price[top] as number) >= price)) {
      // The taker enters the id map only if it rests: nothing looks it up while it matches (no self-trade
      // prevention here), and most takers fill. Matching moves entries, so the probe of get() is stale by then.
      this.match(slot, opposite, price);
      if (store.nums[n + REMAINING] === 0) store.release(slot);
      else {
        this.ids.set(id, slot);
        this.rest(isBuy, price, slot);
      }
    } else {
      this.ids.setAfterGet(slot);
      this.rest(isBuy, price, slot);
    }
    // Most books have no waiting trigger: test here rather than in a call to fireTriggers().
    if (this.rising.slots.length !== 0 || this.falling.slots.length !== 0) this.fireTriggers();
  }

  private rest(isBuy: boolean, price: number, slot: number): void {
    const own = isBuy ? this.bids : this.asks;
    own.push(own.levelFor(price), slot, this.store);
  }

  /** cancel() without a command object: fills one the book keeps for it. */
  cancelId(id: number, ts: number): void {
    const cmd = this.cancelCommand;
    cmd.id = id;
    cmd.ts = ts;
    this.cancel(cmd);
  }

  /**
   * The work is done here rather than in cancelId(id, ts): when V8 leaves this call out of line, an object crosses
   * it, where a non-integer id (a database id above 2^31) would be boxed into a fresh heap number on every call.
   */
  cancel(cmd: CancelCommand): void {
    const id = cmd.id;
    const ts = cmd.ts;
    const events = this.events;
    events.count = 0;
    this.now = ts;
    const slot = this.ids.get(id);
    if (slot === NONE) {
      events.rejected(ts, id, UNKNOWN_ORDER);
      return;
    }
    const store = this.store;
    const nums = store.nums;
    const flags = store.ints[slot * INTS + FLAGS] as number;
    if (flags & PENDING) this.triggerQueueOf(flags).remove(slot);
    else ((flags & SIDE_BIT) === BUY ? this.bids : this.asks).unlink(slot, store);
    // close(slot, USER) written out: the cancel is the command's only event, so its offsets are constants, and
    // the hot cancel path saves a call V8 would not inline here.
    const n = slot * NUMS;
    const left = nums[n + REMAINING] as number;
    const byQuote = (flags & BY_QUOTE) !== 0;
    let d: Float64Array = events.data;
    if (d.length < EVENT_STRIDE) d = events.grow();
    events.count = 1;
    d[0] = EV_CANCELLED;
    d[1] = ++events.seq;
    d[2] = ts;
    d[3] = id;
    d[4] = nums[n + OWNER] as number;
    d[5] = USER;
    d[6] = byQuote ? 0 : left;
    d[7] = byQuote ? left : 0;
    this.ids.delete(id, slot, true);
    store.release(slot);
  }

  amend(cmd: AmendCommand): void {
    this.events.clear();
    this.now = cmd.ts;
    const store = this.store;
    const slot = this.ids.get(cmd.id);
    if (slot === NONE) {
      this.events.rejected(cmd.ts, cmd.id, UNKNOWN_ORDER);
      return;
    }
    const at = slot * INTS;
    const n = slot * NUMS;
    const flags = store.ints[at + FLAGS] as number;
    const reason =
      flags & PENDING ? Reason.NotResting : checkLimit(this.rules, cmd.price, cmd.qty, this.lastPrice) || OK;
    if (reason !== OK) {
      this.events.rejected(cmd.ts, cmd.id, reason);
      return;
    }
    const own = this.sideOf(flags);
    const previous = store.nums[n + REMAINING] as number;
    if (cmd.price === store.ints[at + PRICE] && cmd.qty <= previous) {
      const level = store.ints[at + LEVEL] as number;
      own.volume[level] = (own.volume[level] as number) - (previous - cmd.qty);
      store.nums[n + REMAINING] = cmd.qty;
      this.events.amended(cmd.ts, cmd.id, cmd.price, cmd.qty, previous, true);
      return;
    }
    if (isPostOnly(flags) && this.wouldTake(sideOf(flags), cmd.price)) {
      this.events.rejected(cmd.ts, cmd.id, Reason.PostOnly);
      return;
    }
    own.unlink(slot, store);
    store.ints[at + PRICE] = cmd.price;
    store.nums[n + REMAINING] = cmd.qty;
    store.nums[n + SEQ] = this.events.amended(cmd.ts, cmd.id, cmd.price, cmd.qty, previous, false);
    this.execute(slot);
    this.fireTriggers();
  }

  /** The first rule a new order breaks, or OK. */
  private checkPlace(cmd: PlaceCommand): Reason {
    const rules = this.rules;
    const tif = cmd.tif ?? GTC;
    const stp = cmd.stp ?? STP_NONE;
    const trigger = cmd.trigger ?? TriggerKind.None;
    const quote = cmd.quote ?? 0;
    const malformed =
      !Number.isSafeInteger(cmd.id) ||
      cmd.id < 0 ||
      !Number.isSafeInteger(cmd.owner) ||
      (cmd.side !== BUY && cmd.side !== Side.Sell) ||
      (cmd.kind !== LIMIT && cmd.kind !== OrderKind.Market) ||
      !(tif >= 0 && tif <= 2) ||
      !(stp >= 0 && stp <= 3) ||
      !(trigger >= 0 && trigger <= 2) ||
      (cmd.kind === OrderKind.Market && cmd.postOnly === true) ||
      (quote !== 0 && (cmd.kind !== OrderKind.Market || cmd.side !== BUY || cmd.qty !== 0)) ||
      !Number.isSafeInteger(quote) ||
      quote < 0;
    if (malformed) return INVALID;
    if (this.ids.get(cmd.id) !== NONE) return DUPLICATE_ID;
    let reason: Reason;
    if (quote !== 0) reason = quote < rules.minNotional ? Reason.MinNotional : OK;
    else if (cmd.kind === OrderKind.Market) reason = checkQty(rules, cmd.qty);
    else if (trigger !== TriggerKind.None) {
      const price = cmd.price as number;
      reason = checkQty(rules, cmd.qty) || checkPrice(rules, price) || checkNotional(rules, price, cmd.qty);
    } else reason = checkLimit(rules, cmd.price as number, cmd.qty, this.lastPrice);
    if (reason === OK && cmd.kind === OrderKind.Market && cmd.price !== undefined && cmd.price !== 0) {
      reason = checkPrice(rules, cmd.price);
    }
    if (reason !== OK) return reason;
    if (trigger !== TriggerKind.None) {
      const triggerPrice = cmd.triggerPrice as number;
      const bad = checkPrice(rules, triggerPrice);
      if (bad !== OK) return bad;
      const queue = (cmd.side === BUY) === (trigger === TriggerKind.Stop) ? this.rising : this.falling;
      if (this.lastPrice !== 0 && queue.reached(triggerPrice, this.lastPrice)) return Reason.TriggerCrossed;
      return OK;
    }
    if (cmd.postOnly === true && this.wouldTake(cmd.side, cmd.price as number)) return Reason.PostOnly;
    return OK;
  }

  /** Runs an order that is on no queue against the book, then rests or cancels what is left of it. */
  private execute(slot: number): void {
    const store = this.store;
    const flags = store.ints[slot * INTS + FLAGS] as number;
    const isBuy = sideOf(flags) === BUY;
    const opposite = isBuy ? this.asks : this.bids;
    const isLimit = kindOf(flags) === LIMIT;
    const price = store.ints[slot * INTS + PRICE] as number;
    const limit = isLimit || price !== 0 ? price : isBuy ? MAX_PRICE : 1;
    const tif = tifOf(flags);
    if (isLimit && tif === FOK && !this.canFill(slot, opposite, limit)) {
      this.close(slot, Reason.FokUnfilled);
      return;
    }
    const selfTrade = this.match(slot, opposite, limit);
    if (store.nums[slot * NUMS + REMAINING] === 0) {
      this.forget(slot);
      return;
    }
    if (selfTrade) {
      this.close(slot, SELF_TRADE);
      return;
    }
    if (isLimit && tif === GTC) {
      const own = isBuy ? this.bids : this.asks;
      own.push(own.levelFor(limit), slot, store);
      return;
    }
    this.close(slot, Reason.Unfilled);
  }

  /** Trades the taker in `slot` against `book` up to `limit`; true when self-trade prevention stopped it. */
  private match(slot: number, book: BookSide, limit: number): boolean {
    // Most orders cross nothing: leave before loading the taker.
    const top = book.best();
    if (top === NONE || !book.crosses(book.price[top] as number, limit)) return false;
    const store = this.store;
    const events = this.events;
    const ts = this.now;
    const ints = store.ints;
    const nums = store.nums;
    const flags = ints[slot * INTS + FLAGS] as number;
    const takerId = nums[slot * NUMS + ID] as number;
    const takerOwner = nums[slot * NUMS + OWNER] as number;
    const takerSide = flags & SIDE_BIT;
    const stp = (flags >> STP_SHIFT) & 3;
    const byQuote = (flags & BY_QUOTE) !== 0;
    const isBid = book.isBid === true;
    let remaining = nums[slot * NUMS + REMAINING] as number;
    let stopped = false;
    let lastPrice = this.lastPrice;
    outer: while (remaining > 0) {
      const level = book.best();
      if (level === NONE) break;
      const price = book.price[level] as number;
      if (isBid ? price < limit : price > limit) break;
      let maker = book.head[level] as number;
      while (maker !== NONE && remaining > 0) {
        const want = byQuote ? (remaining - (remaining % price)) / price : remaining;
        if (want === 0) break outer;
        const m = maker * NUMS;
        const next = ints[maker * INTS + NEXT] as number;
        const makerOwner = nums[m + OWNER] as number;
        if (stp !== STP_NONE && makerOwner === takerOwner) {
          this.prevented(nums[m + ID] as number, takerId, price, nums[m + REMAINING] as number);
          if (stp === STP_CANCEL_NEWEST) {
            stopped = true;
            break outer;
          }
          book.unlink(maker, store);
          this.close(maker, SELF_TRADE);
          if (stp === STP_CANCEL_BOTH) {
            stopped = true;
            break outer;
          }
          maker = next;
          continue;
        }
        const makerLeft = nums[m + REMAINING] as number;
        const qty = Math.min(want, makerLeft);
        nums[m + REMAINING] = makerLeft - qty;
        book.volume[level] = (book.volume[level] as number) - qty;
        remaining -= byQuote ? qty * price : qty;
        lastPrice = price;
        let d: Float64Array = events.data;
        const at = (events.count * EVENT_STRIDE) & OFFSET_MASK;
        if (at + EVENT_STRIDE > d.length) d = events.grow();
        events.count++;
        d[at] = EV_TRADE;
        d[at + 1] = ++events.seq;
        d[at + 2] = ts;
        d[at + 3] = nums[m + ID] as number;
        d[at + 4] = takerId;
        d[at + 5] = makerOwner;
        d[at + 6] = takerOwner;
        d[at + 7] = takerSide;
        d[at + 8] = price;
        d[at + 9] = qty;
        d[at + 10] = makerLeft - qty;
        d[at + 11] = remaining;
        if (makerLeft === qty) {
          // A filled maker is always its level's first order: makers before it were filled or cancelled.
          book.shift(level, next, ints);
          this.forget(maker);
        }
        maker = next;
      }
    }
    this.lastPrice = lastPrice;
    nums[slot * NUMS + REMAINING] = remaining;
    return stopped;
  }

  /** Whether a FOK taker would fill completely, counting makers self-trade prevention would cancel or stop at. */
  private canFill(slot: number, book: BookSide, limit: number): boolean {
    const store = this.store;
    const stp = stpOf(store.flagsOf(slot));
    const owner = store.ownerOf(slot);
    let need = store.remainingOf(slot);
    for (let level = book.best(); level !== NONE; level = book.worse(level)) {
      if (!book.crosses(book.price[level] as number, limit)) return false;
      if (stp === STP_NONE) {
        need -= book.volume[level] as number;
        if (need <= 0) return true;
        continue;
      }
      for (let maker = book.head[level] as number; maker !== NONE; maker = store.nextOf(maker)) {
        if (store.ownerOf(maker) === owner) {
          if (stp === SelfTradePrevention.CancelOldest) continue;
          return false;
        }
        need -= store.remainingOf(maker);
        if (need <= 0) return true;
      }
    }
    return false;
  }

  /** Enters triggered orders, in firing order, until the last price reaches no more triggers. */
  private fireTriggers(): void {
    // Most books have no waiting trigger: leave before peeking into two empty queues.
    if (this.rising.slots.length === 0 && this.falling.slots.length === 0) return;
    const store = this.store;
    for (;;) {
      const last = this.lastPrice;
      if (last === 0) return;
      let queue = this.rising;
      let triggerPrice = queue.peekReached(last);
      if (triggerPrice < 0) {
        queue = this.falling;
        triggerPrice = queue.peekReached(last);
        if (triggerPrice < 0) return;
      }
      const slot = queue.shift();
      const at = slot * INTS;
      const flags = (store.ints[at + FLAGS] as number) & ~PENDING;
      store.ints[at + FLAGS] = flags;
      store.nums[slot * NUMS + SEQ] = this.events.triggered(this.now, store.idOf(slot), triggerPrice, last);
      const price = store.ints[at + PRICE] as number;
      const isLimit = kindOf(flags) === LIMIT;
      const band = isLimit ? checkBand(this.rules, price, last) : OK;
      if (band !== OK) this.close(slot, band);
      else if (isLimit && isPostOnly(flags) && this.wouldTake(sideOf(flags), price)) this.close(slot, Reason.PostOnly);
      else this.execute(slot);
    }
  }

  private wouldTake(side: Side, price: number): boolean {
    const book = side === BUY ? this.asks : this.bids;
    const best = book.best();
    return best !== NONE && book.crosses(book.price[best] as number, price);
  }

  private sideOf(flags: number): BookSide {
    return sideOf(flags) === BUY ? this.bids : this.asks;
  }

  triggerQueueOf(flags: number): TriggerQueue {
    return (sideOf(flags) === BUY) === (triggerOf(flags) === TriggerKind.Stop) ? this.rising : this.falling;
  }

  /** The match self-trade prevention stopped last: the self-trade cancels it causes report it. */
  private preventedMatch = [0, 0, 0, 0];

  private prevented(makerId: number, takerId: number, price: number, makerQty: number): void {
    const p = this.preventedMatch;
    p[0] = makerId;
    p[1] = takerId;
    p[2] = price;
    p[3] = makerQty;
  }

  /**
   * Cancels an order that is on no queue any more: reports what is left of it and frees its slot.
   * `afterGet`: the id map's last use was looking this order up (see IdMap.delete).
   */
  private close(slot: number, reason: Reason, afterGet = false): void {
    const store = this.store;
    const events = this.events;
    const n = slot * NUMS;
    const id = store.nums[n + ID] as number;
    const left = store.nums[n + REMAINING] as number;
    const byQuote = ((store.ints[slot * INTS + FLAGS] as number) & BY_QUOTE) !== 0;
    let d: Float64Array = events.data;
    const at = (events.count * EVENT_STRIDE) & OFFSET_MASK;
    if (at + EVENT_STRIDE > d.length) d = events.grow();
    events.count++;
    d[at] = EV_CANCELLED;
    d[at + 1] = ++events.seq;
    d[at + 2] = this.now;
    d[at + 3] = id;
    d[at + 4] = store.nums[n + OWNER] as number;
    d[at + 5] = reason;
    d[at + 6] = byQuote ? 0 : left;
    d[at + 7] = byQuote ? left : 0;
    if (reason === SELF_TRADE) {
      const p = this.preventedMatch;
      d[at + 8] = p[0] as number;
      d[at + 9] = p[1] as number;
      d[at + 10] = p[2] as number;
      d[at + 11] = p[3] as number;
    }
    this.ids.delete(id, slot, afterGet);
    store.release(slot);
  }

  private forget(slot: number): void {
    this.ids.delete(this.store.nums[slot * NUMS + ID] as number, slot);
    this.store.release(slot);
  }
}
