import { openOrderStatuses } from '@opex/contract/calls/order';
import Big from 'big.js';
import { formatUnits, toUnits } from '../core/decimal-units.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import type { Services } from '../services.ts';
import { BOT_EMAILS, ensureBot, usdPrices } from './bot-accounts.ts';
import { type PruneResult, pruneBotHistory } from './bot-pruning.ts';
import { walkHistory } from './history-walk.ts';
import { ladder, SeededRandom, stepMid } from './random-walk.ts';

/**
 * Demo liquidity: every open market gets a random-walk mid (integer ticks), layered quotes on both sides from the
 * maker bot, and now and then a market order from the taker bot, all through the trading core like any user.
 * One tick at a fixed pace; a tick that is still running makes the next one wait its turn. A market with no
 * candles yet first gets a past from the same walk, ending where the live walk starts (history-walk.ts).
 */
export interface MarketMakerOptions {
  tickMs?: number;
  seed?: number;
  layers?: number;
  /** Percent chance per market per tick that the taker trades. */
  takerPercent?: number;
  /** How often the bots' old history is pruned (bot-pruning.ts). */
  pruneEveryMs?: number;
}

/** The bots' closed orders and fills with each other are kept this long. */
const KEEP_MS = 24 * 3_600_000;

/** Value of one quote layer in US dollars (before its random multiple of 1 to 3, and its depth's). */
const LAYER_USD = new Big(300);
/** Layers a side: enough to fill a tall order book panel (about 2% either side of the mid). */
const LAYERS = 40;
/** Every this many layers from the mid, a layer's size grows by one more base size, as on a real book. */
const LAYERS_PER_SIZE_STEP = 8;

interface MarketState {
  spec: MarketSpec;
  mid: number;
  spacing: number;
  /** The mid's largest step a tick, in ticks. */
  stride: number;
  baseLots: number;
  /** The maker's resting orders by "side:ticks". */
  resting: Map<string, number>;
}

export class MarketMaker {
  private running: Promise<void> | null = null;
  private readonly markets = new Map<string, MarketState>();
  private waiting: string[] = [];
  private prices = new Map<string, Big>();
  private readonly random: SeededRandom;
  private makerId = 0;
  private takerId = 0;
  private unsubscribe: () => void = () => {};
  readonly stats = { ticks: 0, placed: 0, takes: 0 };

  constructor(
    private readonly services: Services,
    private readonly options: MarketMakerOptions = {},
  ) {
    this.random = new SeededRandom(options.seed ?? 20260101);
  }

  /** Sets the bots and markets up; the market-maker job (market-maker-job.ts) then ticks it, as a test may. */
  async start(): Promise<void> {
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
        for (const [key, id] of resting) if (id === e.orderId) resting.delete(key);
      }
    });
    const symbols = await this.services.database.db
      .selectFrom('markets')
      .select('symbol')
      .where('status', '=', 'open')
      .execute();
    this.prices = prices;
    this.waiting = symbols.map((m) => m.symbol);
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
    await this.setUpWaiting();
    await Promise.all([...this.markets.values()].map((m) => this.quote(m)));
  }

  /** A market the core does not know yet (added since it started) is set up once the core has read it. */
  private async setUpWaiting(): Promise<void> {
    let seeded = false;
    for (const symbol of this.waiting) {
      const state = await this.marketState(symbol, this.prices);
      if (!state) continue;
      seeded = this.seedHistory(state) || seeded;
      this.markets.set(symbol, state);
    }
    this.waiting = this.waiting.filter((symbol) => !this.markets.has(symbol));
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
      random: this.random,
    });
    marketData.seedHistory(m.spec.symbol, history);
    return true;
  }

  private async quote(m: MarketState): Promise<void> {
    const { core } = this.services;
    const layers = this.options.layers ?? LAYERS;
    m.mid = stepMid(m.mid, m.stride, m.spacing * (layers + 2), this.random);
    const want = ladder(m.mid, m.spacing, layers);
    const wanted = new Set([...want.bids.map((t) => `BUY:${t}`), ...want.asks.map((t) => `SELL:${t}`)]);
    const symbol = m.spec.symbol;
    const cancels = [...m.resting].filter(([key]) => !wanted.has(key));
    await Promise.all(
      cancels.map(async ([key, orderId]) => {
        m.resting.delete(key);
        await core.cancelOrder({ userId: this.makerId, orderId, symbol });
      }),
    );
    const places = [...wanted].filter((key) => !m.resting.has(key));
    await Promise.all(
      places.map(async (key) => {
        const [side, ticks] = key.split(':') as ['BUY' | 'SELL', string];
        const depth = Math.floor(Math.abs(Number(ticks) - m.mid) / m.spacing / LAYERS_PER_SIZE_STEP);
        const lots = m.baseLots * this.random.int(1, 3) * (1 + depth);
        const price = formatUnits(Number(ticks), m.spec.pricePrecision);
        const volume = formatUnits(lots, m.spec.volumePrecision);
        const outcome = await core.placeOrder({
          userId: this.makerId,
          symbol,
          request: { side, type: 1, price, volume },
          clientOrderId: null,
        });
        if (outcome.ok) {
          m.resting.set(key, outcome.orderId);
          this.stats.placed++;
        }
      }),
    );
    if (this.random.chance(this.options.takerPercent ?? 30)) await this.take(m);
  }

  /** A market order of about one layer: a buy spends quote, a sell gives base. */
  private async take(m: MarketState): Promise<void> {
    const { spec } = m;
    const lots = m.baseLots * this.random.int(1, 2);
    const side = this.random.chance(50) ? 'BUY' : 'SELL';
    const volume =
      side === 'SELL'
        ? formatUnits(lots, spec.volumePrecision)
        : new Big(formatUnits(lots, spec.volumePrecision))
            .times(formatUnits(m.mid, spec.pricePrecision))
            .round(spec.pricePrecision, Big.roundDown)
            .toFixed(spec.pricePrecision);
    const outcome = await this.services.core.placeOrder({
      userId: this.takerId,
      symbol: spec.symbol,
      request: { side, type: 2, volume },
      clientOrderId: null,
    });
    if (outcome.ok) this.stats.takes++;
  }

  private async marketState(symbol: string, prices: Map<string, Big>): Promise<MarketState | null> {
    const { core } = this.services;
    // The core re-reads its markets as it handles commands; a cancel of nothing changes nothing and lets it.
    if (!core.market(symbol)) await core.cancelOrder({ userId: this.makerId, orderId: 0, symbol });
    const spec = core.market(symbol);
    if (!spec?.open) return null;
    const reference = core.lastPrice(symbol) ?? referencePrice(spec, prices);
    if (!reference) return null;
    const midUnits = toUnits(new Big(reference).toFixed(spec.pricePrecision), spec.pricePrecision);
    if (!midUnits.ok || midUnits.units < 100) return null;
    const mid = midUnits.units;
    // Quotes five basis points apart (at least one tick); a layer worth about LAYER_USD. The mid steps up to one
    // basis point a tick: about 2-3% a day, as a large coin moves.
    const spacing = Math.max(1, Math.floor(mid / 2000));
    const stride = Math.max(1, Math.floor(mid / 10_000));
    const midPrice = new Big(formatUnits(mid, spec.pricePrecision));
    const layerBase = LAYER_USD.div(prices.get(spec.quote) ?? new Big(1)).div(midPrice);
    const minLots = toUnits(spec.limitVolumeMin.toFixed(), spec.volumePrecision);
    const lotsFor = Number(layerBase.times(new Big(10).pow(spec.volumePrecision)).round(0, Big.roundDown).toFixed());
    const baseLots = Math.max(lotsFor, minLots.ok ? minLots.units : 1, 1);
    return { spec, mid, spacing, stride, baseLots, resting: new Map() };
  }

  private async cancelLeftovers(): Promise<void> {
    const open = await this.services.database.db
      .selectFrom('orders')
      .select(['id', 'symbol'])
      .where('user_id', '=', this.makerId)
      .where('status', 'in', [...openOrderStatuses])
      .execute();
    await Promise.all(
      open.map((o) =>
        this.services.core.cancelOrder({ userId: this.makerId, orderId: Number(o.id), symbol: o.symbol }),
      ),
    );
  }
}

/** The market's price from the operator's US dollar rates (base / quote), when both are set. */
function referencePrice(spec: MarketSpec, prices: Map<string, Big>): string | null {
  const base = prices.get(spec.base);
  const quote = prices.get(spec.quote);
  if (!base || !quote || quote.eq(0)) return null;
  return base.div(quote).round(spec.pricePrecision, Big.roundDown).toFixed(spec.pricePrecision);
}
