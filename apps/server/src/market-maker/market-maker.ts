import { openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';
import { formatUnits, toUnits } from '../core/decimal-units.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import type { Services } from '../services.ts';
import { BOT_EMAILS, ensureBot, usdPrices } from './bot-accounts.ts';
import { type PruneResult, pruneBotHistory } from './bot-pruning.ts';
import { FuturesProduct } from './futures-product.ts';
import { walkHistory } from './history-walk.ts';
import type { MarketProduct, QuotedBook } from './market-product.ts';
import { ladder, SeededRandom, stepMid } from './random-walk.ts';
import { SpotProduct } from './spot-product.ts';

/**
 * Demo liquidity: every open market and listed futures contract gets a random-walk mid (integer ticks), layered quotes
 * on both sides from the maker bot, and now and then a market order from the taker bot, all through the trading core
 * like any user. What differs between spot and futures books is the product's (market-product.ts). One tick at a
 * fixed pace; a tick that is still running makes the next one wait its turn. A book with no candles yet first gets a
 * past from the same walk, ending where the live walk starts (history-walk.ts).
 */
export interface MarketMakerOptions {
  tickMs?: number;
  seed?: number;
  layers?: number;
  /** Percent chance per market per tick that the taker trades. */
  takerPercent?: number;
  /** How often the bots' old history is pruned (bot-pruning.ts). */
  pruneEveryMs?: number;
  /** Each bot's futures position stays within this many quote layers of contracts (futures-product.ts). */
  futuresBoundLayers?: number;
}

/** The bots' closed orders and fills with each other are kept this long. */
const KEEP_MS = 24 * 3_600_000;

/** Value of one quote layer in US dollars (before its random multiple of 1 to 3, and its depth's). */
const LAYER_USD = new Big(300);
/** Layers a side: enough to fill a tall order book panel (about 2% either side of the mid). */
const LAYERS = 40;
/** Every this many layers from the mid, a layer's size grows by one more base size, as on a real book. */
const LAYERS_PER_SIZE_STEP = 8;
/** A futures position may reach about the maker's whole ladder on one side (40 layers of 1-3 sizes, growing). */
const FUTURES_BOUND_LAYERS = 300;
/** How far the mid of an anchored book (a contract's, near its index) may stray from the anchor, in quote spacings. */
const MAX_BASIS_SPACINGS = 2;
/** How often the books to quote are read again (markets opened, contracts listed or halted since). */
const SCAN_MS = 60_000;

interface MarketState {
  product: MarketProduct;
  spec: MarketSpec;
  mid: number;
  spacing: number;
  /** The mid's largest step a tick, in ticks. */
  stride: number;
  /** An anchored book's mid less its anchor, in ticks: its own small walk. */
  basis: number;
  baseLots: number;
  /** The maker's resting orders by "side:ticks": the order and the lots it was placed with. */
  resting: Map<string, { orderId: number; lots: number }>;
}

export class MarketMaker {
  private running: Promise<void> | null = null;
  private readonly markets = new Map<string, MarketState>();
  private waiting: { product: MarketProduct; symbol: string }[] = [];
  private readonly futures: FuturesProduct;
  private products: MarketProduct[];
  private prices = new Map<string, Big>();
  private readonly random: SeededRandom;
  private makerId = 0;
  private takerId = 0;
  private unsubscribe: () => void = () => {};
  private nextScan = 0;
  readonly stats = { ticks: 0, placed: 0, takes: 0 };

  constructor(
    private readonly services: Services,
    private readonly options: MarketMakerOptions = {},
  ) {
    this.random = new SeededRandom(options.seed ?? 20260101);
    this.futures = new FuturesProduct(services, options.futuresBoundLayers ?? FUTURES_BOUND_LAYERS);
    this.products = [new SpotProduct(services), this.futures];
  }

  /** A contract's bots' positions and the bound they stay within (contracts), for tests and checks. */
  async futuresPositions(symbol: string): Promise<{ maker: number; taker: number; bound: number } | null> {
    const m = this.markets.get(symbol);
    if (!m || m.product !== this.futures) return null;
    return { ...(await this.futures.positions(symbol)), bound: this.futures.bound(this.quoted(m)) };
  }

  /** Futures orders of the bots the core refused (a margin refusal tops their co accounts up). */
  get futuresRefusals(): number {
    return this.futures.refusals;
  }

  /** Sets the bots and markets up; the market-maker job (market-maker-job.ts) then ticks it, as a test may. */
  async start(): Promise<void> {
    // Spot quotes the markets open at this start (spot-product.ts).
    this.products = [new SpotProduct(this.services), this.futures];
    const prices = await usdPrices(this.services);
    this.makerId = await ensureBot(this.services, BOT_EMAILS.maker, prices);
    this.takerId = await ensureBot(this.services, BOT_EMAILS.taker, prices);
    await this.cancelLeftovers();
    // Filled or cancelled quotes leave the ladder, so the next tick puts them back.
    this.unsubscribe = this.services.core.bus.subscribe((events) => {
      for (const e of events) {
        if (e.type !== 'order' || e.userId !== this.makerId || openOrderStatuses.includes(e.status)) continue;
        const resting = this.markets.get(e.symbol)?.resting;
        if (!resting) continue;
        for (const [key, { orderId }] of resting) if (orderId === e.orderId) resting.delete(key);
      }
    });
    this.prices = prices;
    // Afresh: the quotes of a previous start were cancelled above.
    this.markets.clear();
    this.waiting = [];
    await this.scan();
    // Markets the core knows are set up (and their past seeded) before the server takes its first request.
    await this.setUpWaiting();
  }

  /** Deletes the bots' history older than a day, the ledger kept exact; public so a test can run it. */
  prune(): Promise<PruneResult> {
    const before = this.services.clock.now() - KEEP_MS;
    return pruneBotHistory(this.services, [this.makerId, this.takerId], before);
  }

  async stop(): Promise<void> {
    this.unsubscribe();
    this.unsubscribe = () => {};
    await this.running;
  }

  /** One round over every market; public so a test can drive it step by step. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    this.stats.ticks++;
    if (this.services.clock.now() >= this.nextScan) await this.scan();
    await this.setUpWaiting();
    await Promise.all([...this.markets.values()].map((m) => this.quote(m)));
  }

  /**
   * The books to quote, read again every SCAN_MS: one listed since is set up (the bots funded for it), and one no
   * longer open or listed is left, its quotes cancelled.
   */
  private async scan(): Promise<void> {
    this.nextScan = this.services.clock.now() + SCAN_MS;
    const listed = new Set<string>();
    for (const product of this.products) {
      let added = false;
      for (const symbol of await product.symbols()) {
        listed.add(symbol);
        if (this.markets.has(symbol) || this.waiting.some((w) => w.symbol === symbol)) continue;
        this.waiting.push({ product, symbol });
        added = true;
      }
      // A new book may need funds the bots do not hold yet (a contract margined in another coin).
      if (added) await product.prepare({ maker: this.makerId, taker: this.takerId }, this.prices);
    }
    this.waiting = this.waiting.filter((w) => listed.has(w.symbol));
    for (const [symbol, m] of this.markets) {
      if (listed.has(symbol)) continue;
      this.markets.delete(symbol);
      await Promise.all([...m.resting.values()].map((r) => m.product.cancel(this.makerId, symbol, r.orderId)));
    }
  }

  /** A market the core does not know yet (added since it started) is set up once the core has read it. */
  private async setUpWaiting(): Promise<void> {
    let seeded = false;
    for (const { product, symbol } of this.waiting) {
      const state = await this.marketState(product, symbol, this.prices);
      if (!state) continue;
      seeded = this.seedHistory(state) || seeded;
      this.markets.set(symbol, state);
    }
    this.waiting = this.waiting.filter(({ symbol }) => !this.markets.has(symbol));
    // Every seeded market's candles in one write.
    if (seeded) await this.services.marketData.flush();
  }

  /** A market without any candle gets a past that ends at the mid its live walk starts from. */
  private seedHistory(m: MarketState): boolean {
    const { marketData, clock } = this.services;
    if (marketData.hasHistory(m.spec.symbol)) return false;
    const now = clock.now();
    const history = walkHistory({
      endMs: now - (now % 60_000),
      endTicks: m.mid,
      stride: m.stride,
      baseLots: m.baseLots,
      pricePrecision: m.spec.pricePrecision,
      volumePrecision: m.spec.volumePrecision,
      value: (lots, ticks) => m.product.tradeValue(m.spec, lots, ticks),
      random: this.random,
    });
    marketData.seedHistory(m.spec.symbol, history);
    return true;
  }

  private async quote(m: MarketState): Promise<void> {
    const { product } = m;
    // The core's rules now (an operator may have halted the book, or changed a contract's brackets).
    const spec = this.services.core.market(m.spec.symbol);
    if (!spec?.open) return;
    m.spec = spec;
    const layers = this.options.layers ?? LAYERS;
    this.stepMid(m, layers);
    const want = ladder(m.mid, m.spacing, layers);
    const symbol = m.spec.symbol;
    // Each side's layers nearest the mid first, a resting one at the lots it was placed with.
    const layered = [...want.bids.map((t) => ['BUY', t] as const), ...want.asks.map((t) => ['SELL', t] as const)]
      .map(([side, ticks]) => {
        const key = `${side}:${ticks}`;
        const depth = Math.floor(Math.abs(ticks - m.mid) / m.spacing / LAYERS_PER_SIZE_STEP);
        const lots = m.resting.get(key)?.lots ?? m.baseLots * this.random.int(1, 3) * (1 + depth);
        return { key, side, ticks, lots };
      })
      .sort((a, b) => Math.abs(a.ticks - m.mid) - Math.abs(b.ticks - m.mid));
    // A bounded product's side holds the nearest layers that fit its room (resting ones counted as placed, a part
    // filled counting whole): the last one trimmed to fit, the farther ones cancelled or left out.
    const room = await product.makerRoom(this.quoted(m));
    const wanted = new Map<string, (typeof layered)[number]>();
    for (const layer of layered) {
      if (room) {
        const resting = m.resting.has(layer.key);
        const lots = Math.min(layer.lots, room[layer.side]);
        if (lots <= 0 || (resting && lots < layer.lots)) {
          room[layer.side] = 0;
          continue;
        }
        room[layer.side] -= lots;
        layer.lots = lots;
      }
      wanted.set(layer.key, layer);
    }
    const cancels = [...m.resting].filter(([key]) => !wanted.has(key));
    await Promise.all(
      cancels.map(async ([key, { orderId }]) => {
        m.resting.delete(key);
        await product.cancel(this.makerId, symbol, orderId);
      }),
    );
    const places = [...wanted.values()].filter(({ key }) => !m.resting.has(key));
    await Promise.all(
      places.map(async ({ key, side, ticks, lots }) => {
        const price = formatUnits(ticks, m.spec.pricePrecision);
        const orderId = await product.place(this.makerId, m.spec, side, price, lots);
        if (orderId !== null) {
          m.resting.set(key, { orderId, lots });
          this.stats.placed++;
        }
      }),
    );
    if (this.random.chance(this.options.takerPercent ?? 30)) await this.take(m);
  }

  /** The mid's step: on its own walk, or near the product's anchor with a small walk of its own around it. */
  private stepMid(m: MarketState, layers: number): void {
    const floor = m.spacing * (layers + 2);
    const anchor = this.anchorTicks(m.product, m.spec);
    if (anchor === null) {
      m.mid = stepMid(m.mid, m.stride, floor, this.random);
      return;
    }
    const most = m.spacing * MAX_BASIS_SPACINGS;
    m.basis = Math.max(-most, Math.min(most, m.basis + this.random.int(-m.stride, m.stride)));
    m.mid = Math.max(floor, anchor + m.basis);
  }

  private anchorTicks(product: MarketProduct, spec: MarketSpec): number | null {
    const price = product.anchor(spec);
    const units = price ? toUnits(price, spec.pricePrecision) : null;
    return units?.ok && units.units > 0 ? units.units : null;
  }

  private quoted(m: MarketState): QuotedBook {
    return { spec: m.spec, midPrice: formatUnits(m.mid, m.spec.pricePrecision), baseLots: m.baseLots };
  }

  /** A market order of about one layer, on the side the product chooses. */
  private async take(m: MarketState): Promise<void> {
    const lots = m.baseLots * this.random.int(1, 2);
    const book = this.quoted(m);
    const side = await m.product.takerSide(book, lots, this.random);
    if (side && (await m.product.take(this.takerId, book, side, lots))) this.stats.takes++;
  }

  private async marketState(
    product: MarketProduct,
    symbol: string,
    prices: Map<string, Big>,
  ): Promise<MarketState | null> {
    const { core } = this.services;
    // The core re-reads its markets as it handles commands; a cancel of nothing changes nothing and lets it.
    if (!core.market(symbol)) await core.cancelOrder({ userId: this.makerId, orderId: 0, symbol });
    const spec = core.market(symbol);
    if (!spec?.open) return null;
    const reference = product.anchor(spec) ?? core.lastPrice(symbol) ?? product.reference(spec, prices);
    if (!reference) return null;
    const midUnits = toUnits(new Big(reference).toFixed(spec.pricePrecision), spec.pricePrecision);
    if (!midUnits.ok || midUnits.units < 100) return null;
    const mid = midUnits.units;
    // Quotes five basis points apart (at least one tick); a layer worth about LAYER_USD. The mid steps up to one
    // basis point a tick: about 2-3% a day, as a large coin moves.
    const spacing = Math.max(1, Math.floor(mid / 2000));
    const stride = Math.max(1, Math.floor(mid / 10_000));
    const lotUsd = product.lotUsd(spec, new Big(formatUnits(mid, spec.pricePrecision)), prices);
    const minLots = toUnits(spec.limitVolumeMin.toFixed(), spec.volumePrecision);
    const lotsFor = lotUsd.gt(0) ? Number(LAYER_USD.div(lotUsd).round(0, Big.roundDown).toFixed()) : 0;
    const baseLots = Math.max(lotsFor, minLots.ok ? minLots.units : 1, 1);
    return { product, spec, mid, spacing, stride, basis: 0, baseLots, resting: new Map() };
  }

  private async cancelLeftovers(): Promise<void> {
    const open = await this.services.database.db
      .selectFrom('orders')
      .select(['id', 'symbol', 'account'])
      .where('user_id', '=', this.makerId)
      .where('status', 'in', [...openOrderStatuses])
      .execute();
    await Promise.all(
      open.map((o) =>
        this.products
          .find((p) => (p.accounts as readonly string[]).includes(o.account))
          ?.cancel(this.makerId, o.symbol, Number(o.id)),
      ),
    );
  }
}
