/**
 * What the trading core announces after each commit: order changes, trades and balance changes, in the order they
 * happened. The bus is an interface so a realtime node elsewhere (NATS, Redis) can carry it later; in-process today.
 */
export interface OrderEvent {
  type: 'order';
  orderId: number;
  userId: number;
  symbol: string;
  status: number;
  dealVolume: string;
  dealMoney: string;
}

export interface TradeEvent {
  type: 'trade';
  tradeId: number;
  symbol: string;
  price: string;
  volume: string;
  amount: string;
  takerSide: 'BUY' | 'SELL';
  makerUserId: number;
  takerUserId: number;
  /** The taker's order: its fills at one price make one aggregate trade in the Open API. */
  takerOrderId: number;
  ts: number;
}

export interface BalanceEvent {
  type: 'balance';
  ownerId: number;
  account: string;
  coin: string;
  available: string;
  locked: string;
  /** What deposits, withdrawals, transfers and credits moved in this batch (set only when they moved something). */
  moved?: string;
}

/** Books changed: subscribers read depth from the core's books for these markets. */
export interface BookEvent {
  type: 'book';
  symbol: string;
}

/** A futures position was liquidated, or reduced by bracket (its orders cancelled, then closed by the book, the fund or ADL). */
export interface FuturesLiquidationEvent {
  type: 'futuresLiquidation';
  userId: number;
  /** The contract's book: e-btc-usdt. */
  symbol: string;
  positionId: number;
  /** Signed contracts when it began; the mark price (ledger text). */
  qty: string;
  mark: string;
  /** Contracts it closed; partial: a reduction by bracket that left the rest open (futures-liquidation.ts). */
  closed: string;
  partial: boolean;
}

/** A futures position's mark came near its liquidation price (once until it moves away again). */
export interface FuturesMarginCallEvent {
  type: 'futuresMarginCall';
  userId: number;
  symbol: string;
  positionId: number;
  qty: string;
  /** Ledger text. */
  mark: string;
  liquidation: string;
}

/**
 * A futures conditional order was created or ended (fired, cancelled, expired, failed). The trigger watch announces
 * it on the core's bus, after its row is written: the watch fires triggers by placing orders through the core, and
 * whoever follows a user's futures orders follows both.
 */
export interface FuturesTriggerEvent {
  type: 'futuresTrigger';
  userId: number;
  symbol: string;
  triggerId: number;
  /** CoTriggerStatus. */
  status: number;
  /** The order it placed, once fired. */
  orderId: number | null;
}

/** A margin pair's risk after a margin command or an index price change (realtime: user_margin_risk). */
export interface MarginRiskEvent {
  type: 'marginRisk';
  userId: number;
  /** Upper case, BTCUSDT. */
  symbol: string;
  indexPrice: string;
  riskRate: string;
  burstPrice: string;
  state: 'safe' | 'warning' | 'liquidated';
}

export type CoreEvent =
  | OrderEvent
  | TradeEvent
  | BalanceEvent
  | BookEvent
  | MarginRiskEvent
  | FuturesLiquidationEvent
  | FuturesMarginCallEvent
  | FuturesTriggerEvent;

export type CoreListener = (events: readonly CoreEvent[]) => void;

export interface CoreEventBus {
  publish(events: readonly CoreEvent[]): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: CoreListener): () => void;
}

export class InProcessEventBus implements CoreEventBus {
  private readonly listeners = new Set<CoreListener>();

  publish(events: readonly CoreEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // A listener's failure must not reach the core: the batch is committed and answered already.
      }
    }
  }

  subscribe(listener: CoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
