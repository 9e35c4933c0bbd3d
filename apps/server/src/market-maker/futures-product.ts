import { ErrorCode } from '@opex/contract/error-codes';
import Big from 'big.js';
import { listContracts } from '../catalog/contracts.ts';
import { notional } from '../core/futures/contract-value.ts';
import { type FuturesAccounts, futuresAccountsOf, futuresSymbol } from '../core/futures/futures-rules.ts';
import type { MarketSpec } from '../core/market-spec.ts';
import { shownPrice } from '../futures/contract-prices.ts';
import { openFuturesAccount } from '../futures/user-config.ts';
import { ledgerFromUnits, ledgerText } from '../ledger/ledger-units.ts';
import type { Services } from '../services.ts';
import { topUpBot } from './bot-accounts.ts';
import type { Bots, MarketProduct, QuotedBook, Side } from './market-product.ts';
import type { SeededRandom } from './random-walk.ts';
import { usdRatio } from './spot-product.ts';

/**
 * Futures books for the market maker: every listed contract, its mid kept near the contract's index (the spot books'
 * price, so the two charts move together and the funding rate stays small), orders through the core's futures
 * commands on the bots' co accounts at a modest cross leverage, one-way (one net position each).
 *
 * Positions are bounded by `boundLayers` quote layers: the maker's bids together never hold more than the bound less
 * its long position (its asks likewise), so whoever trades with it, its position stays within the bound. The taker
 * keeps both positions within half the bound (the other half keeps both sides of the book quoted), choosing the
 * side that shrinks the larger when they are past it, and never trades past the bound itself. A refusal for want of margin tops the bot's co account up (once a minute at most) rather than
 * repeating.
 */
const LEVERAGE = 10;
const CROSS = 1;
const TOP_UP_EVERY_MS = 60_000;

export class FuturesProduct implements MarketProduct {
  /** Real contracts' orders are on `co`, simulated ones' on `co_sim` (funded from the simulated faucet). */
  readonly accounts = ['co', 'co_sim'] as const;
  private bots: Bots = { maker: 0, taker: 0 };
  private usdPrices = new Map<string, Big>();
  private readonly toppedUp = new Map<string, number>();
  /** Orders of the bots the core refused. */
  refusals = 0;

  constructor(
    private readonly services: Services,
    private readonly boundLayers: number,
  ) {}

  async prepare(bots: Bots, usdPrices: Map<string, Big>): Promise<void> {
    this.bots = bots;
    this.usdPrices = usdPrices;
    const now = this.services.clock.now();
    for (const id of [bots.maker, bots.taker]) await openFuturesAccount(this.services.database.db, id, now);
    for (const c of await listContracts(this.services.database.db, ['listed']))
      await this.topUp(futuresAccountsOf(c.contract_type).user, c.margin_coin);
  }

  async symbols(): Promise<string[]> {
    return (await listContracts(this.services.database.db, ['listed'])).map((c) => futuresSymbol(c.contract_name));
  }

  /** The index, or the mark, or the spot book's last price of the same pair, at the contract's precision. */
  anchor(spec: MarketSpec): string | null {
    const { contractPrices, core } = this.services;
    const index = contractPrices.indexOf(spec.symbol) ?? contractPrices.markOf(spec.symbol);
    if (index !== null) return shownPrice(index, spec.pricePrecision);
    const spot = core.lastPrice(`${spec.base}${spec.quote}`.toLowerCase());
    return spot && new Big(spot).round(spec.pricePrecision, Big.roundDown).toFixed(spec.pricePrecision);
  }

  reference(spec: MarketSpec, usdPrices: Map<string, Big>): string | null {
    return usdRatio(spec, usdPrices);
  }

  /** The contracts' value in the margin coin, as a fill's amount. */
  tradeValue(spec: MarketSpec, lots: number, ticks: number): bigint {
    const terms = (spec.futures as NonNullable<MarketSpec['futures']>).terms;
    return notional(terms, BigInt(lots), ledgerFromUnits(ticks, spec.pricePrecision));
  }

  /** A linear contract is `multiplier` base coins, an inverse one `multiplier` of the quote. */
  lotUsd(spec: MarketSpec, price: Big, usdPrices: Map<string, Big>): Big {
    const terms = (spec.futures as NonNullable<MarketSpec['futures']>).terms;
    const quoteUsd = spec.quote === 'USD' ? new Big(1) : (usdPrices.get(spec.quote) ?? new Big(1));
    const multiplier = new Big(ledgerText(terms.multiplier));
    return (terms.kind === 'linear' ? multiplier.times(price) : multiplier).times(quoteUsd);
  }

  async makerRoom(book: QuotedBook): Promise<Record<Side, number>> {
    const bound = this.bound(book);
    const { maker } = await this.positions(book.spec.symbol);
    return { BUY: Math.max(0, bound - maker), SELL: Math.max(0, bound + maker) };
  }

  async place(userId: number, spec: MarketSpec, side: Side, price: string, lots: number): Promise<number | null> {
    const outcome = await this.services.core.execute('futuresPlace', {
      userId,
      symbol: spec.symbol,
      side,
      kind: 1,
      price,
      volume: String(lots),
      intent: this.intent(spec),
      clientOrderId: null,
    });
    if (outcome.ok) return outcome.orderId;
    await this.refused(spec, outcome.code);
    return null;
  }

  async cancel(userId: number, symbol: string, orderId: number): Promise<void> {
    await this.services.core.execute('futuresCancel', { userId, symbol, orderId });
  }

  async takerSide(book: QuotedBook, lots: number, random: SeededRandom): Promise<Side | null> {
    const bound = this.bound(book);
    const { maker, taker } = await this.positions(book.spec.symbol);
    // What the trade leaves: the larger of the two positions (it trades with the maker, which moves the other way).
    const after = (side: Side) => {
      const delta = side === 'BUY' ? lots : -lots;
      return { largest: Math.max(Math.abs(maker - delta), Math.abs(taker + delta)), taker: Math.abs(taker + delta) };
    };
    const first: Side = random.chance(50) ? 'BUY' : 'SELL';
    const sides = [first, first === 'BUY' ? ('SELL' as const) : ('BUY' as const)];
    const calm = sides.find((side) => after(side).largest <= bound / 2);
    if (calm) return calm;
    // Past half the bound (a user traded with the maker): the way that shrinks the larger, never past the bound.
    const [best] = sides.sort((a, b) => after(a).largest - after(b).largest);
    return best && after(best).taker <= bound ? best : null;
  }

  async take(userId: number, { spec }: QuotedBook, side: Side, lots: number): Promise<boolean> {
    const outcome = await this.services.core.execute('futuresPlace', {
      userId,
      symbol: spec.symbol,
      side,
      kind: 2,
      volume: String(lots),
      intent: this.intent(spec),
      clientOrderId: null,
    });
    if (!outcome.ok) await this.refused(spec, outcome.code);
    return outcome.ok;
  }

  /** The bound on each bot's position in this contract, in contracts. */
  bound(book: QuotedBook): number {
    return book.baseLots * this.boundLayers;
  }

  /** The bots' net positions in the contract, in contracts (long above zero). */
  async positions(symbol: string): Promise<Bots> {
    const rows = await this.services.database.db
      .selectFrom('futures_positions')
      .select(['user_id', 'qty'])
      .where('user_id', 'in', [this.bots.maker, this.bots.taker])
      .where('symbol', '=', symbol)
      .where('open', '=', 1)
      .execute();
    const of = (id: number) => Number(rows.find((r) => Number(r.user_id) === id)?.qty ?? 0);
    return { maker: of(this.bots.maker), taker: of(this.bots.taker) };
  }

  private intent(spec: MarketSpec) {
    const top = Number(spec.futures?.brackets[0]?.maxLeverage ?? 1n);
    return { positionSide: 'both' as const, reduceOnly: false, leverage: Math.min(LEVERAGE, top), marginMode: CROSS };
  }

  private async refused(spec: MarketSpec, code: string): Promise<void> {
    this.refusals++;
    if (code !== ErrorCode.insufficientBalance) return;
    if (spec.futures) await this.topUp(spec.futures.accounts.user, spec.futures.marginCoin);
  }

  /** Both bots' balance of `coin` in `account` up to their target; at most once a minute an account's coin. */
  private async topUp(account: FuturesAccounts['user'], coin: string): Promise<void> {
    const now = this.services.clock.now();
    const key = `${account}:${coin}`;
    if (now < (this.toppedUp.get(key) ?? 0) + TOP_UP_EVERY_MS) return;
    this.toppedUp.set(key, now);
    const row = await this.services.database.db
      .selectFrom('coins')
      .select(['symbol', 'scale'])
      .where('symbol', '=', coin)
      .executeTakeFirst();
    if (!row) return;
    for (const id of [this.bots.maker, this.bots.taker])
      await topUpBot(this.services, id, account, [row], this.usdPrices);
  }
}
