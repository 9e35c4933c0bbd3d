import { z } from 'zod';
import type { coAccountItem } from './calls/co-account.ts';
import type { coPositionItem } from './calls/co-position.ts';
import type { DepositRecord } from './calls/deposit.ts';
import { timeFilterField } from './calls/paging.ts';

/**
 * The realtime protocol (contract-notes.md, "Realtime protocol"): one WebSocket at `/kline-api/ws`. Client frames
 * are plain JSON text; server frames are gzip-compressed JSON (binary). Every pushed frame carries `seq`, counted
 * per channel (per user for the private channels): a client that sees a gap re-subscribes or re-requests.
 */
export const WS_PATH = '/kline-api/ws';
/**
 * The futures socket (co public_info's wsUrl): the same protocol, where a market is a contract named by its key
 * `{contractType}_{base}{quote}` lower case (`e_btcusdt`), plus each contract's mark and index price.
 */
export const CO_WS_PATH = '/co-kline-api/ws';

export const klinePeriods = ['1min', '5min', '15min', '30min', '60min', '4h', '1day', '1week', '1month'] as const;
export type KlinePeriod = (typeof klinePeriods)[number];

/** Channel names; `sym` is the lower-case market symbol (btcusdt). */
export const channels = {
  review: 'review',
  ticker: (sym: string) => `market_${sym}_ticker`,
  depth: (sym: string, step: number) => `market_${sym}_depth_step${step}`,
  trades: (sym: string) => `market_${sym}_trade_ticker`,
  kline: (sym: string, period: KlinePeriod) => `market_${sym}_kline_${period}`,
  /** Futures socket only: a contract's mark and index price, pushed each second they change, as a MarkPriceTick. */
  markPrice: (key: string) => `market_${key}_mark_price`,
  /** Private: the logged-in user's order changes and balance changes (the socket's session cookie decides). */
  userOrders: 'user_orders',
  userBalance: 'user_balance',
  /** Private: each change of one of the user's deposits (seen, a confirmation more, credited), as a DepositUpdate. */
  userDeposits: 'user_deposits',
  /**
   * Private: a margin pair's risk, pushed whenever its index price or the pair's margin account changes, as a
   * MarginRiskUpdate. The account's balances arrive on user_balance (account `lever:BTCUSDT`).
   */
  userMarginRisk: 'user_margin_risk',
  /**
   * Futures socket only, private: the user's open positions, all of them in one push (a CoPositionsUpdate), whenever
   * one changes and, while any is open, as their contract's mark moves (at most once a second).
   */
  coPositions: 'user_co_positions',
  /** Futures socket only, private: each change of one of the user's futures orders or conditional orders (CoOrderUpdate). */
  coOrders: 'user_co_orders',
  /** Futures socket only, private: one margin coin's futures account (CoAccountUpdate) whenever its figures change. */
  coAccount: 'user_co_account',
} as const;

/** One margin pair's risk now (lever/finance/symbol/balance's fields of the same names). */
export interface MarginRiskUpdate {
  /** Upper case, BTCUSDT. */
  symbol: string;
  indexPrice: string;
  /** Percent, two decimals; '' when nothing is owed. */
  riskRate: string;
  burstPrice: string;
  /** 'safe', 'warning' (under the warning line), 'liquidated' (the account was just liquidated). */
  state: 'safe' | 'warning' | 'liquidated';
}

export const clientFrameSchema = z.union([
  z.object({
    event: z.enum(['sub', 'unsub', 'req']),
    params: z.object({
      channel: z.string().max(80),
      cb_id: z.string().max(80).optional(),
      /** trade_ticker req: how many recent trades (at most 100). */
      top: z.coerce.number().int().min(1).max(100).optional(),
      /** kline req: candles before this id (epoch seconds); absent means the latest. */
      endIdx: timeFilterField.optional(),
      /** kline req: how many candles (at most 1000; 300 by default). */
      pageSize: z.coerce.number().int().min(1).max(1000).optional(),
    }),
  }),
  z.object({ pong: z.number() }),
  z.object({ ping: z.number() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Prices and amounts are decimal strings at the market's precision. */
export interface Ticker {
  amount: string;
  close: string;
  high: string;
  low: string;
  open: string;
  /** (close - open) / open as a fraction, 4 decimals ("0.0123" is +1.23 %). */
  rose: string;
  vol: string;
}

export interface TradeTick {
  id: number;
  /** The taker's side. */
  side: 'BUY' | 'SELL';
  price: string;
  vol: string;
  amount: string;
  ts: number;
}

export interface Candle {
  /** Bucket start, epoch seconds (weeks start Monday 00:00 UTC, months on the 1st). */
  id: number;
  open: string;
  close: string;
  high: string;
  low: string;
  vol: string;
  amount: string;
}

/** A contract's prices now, at its price precision (truncated); '' while its coins have no index price. */
export interface MarkPriceTick {
  markPrice: string;
  indexPrice: string;
}

/** [price, volume], best first; at most 150 a side. */
export type DepthRow = [price: string, vol: string];
export interface DepthTick {
  asks: DepthRow[];
  buys: DepthRow[];
}

export interface OrderUpdate {
  orderId: number;
  symbol: string;
  /** contract OrderStatus. */
  status: number;
  dealVolume: string;
  dealMoney: string;
}

/**
 * A futures order changed: placed, filled (in part), cancelled or refused (`kind` order, `status` the co order status
 * of order/current_order_list); or a conditional order created, fired (its `orderId` the order it placed), cancelled,
 * expired or failed (`kind` trigger, `status` the TrigOrder status of order/trigger_order_list).
 */
export type CoOrderUpdate =
  | { kind: 'order'; id: string; contractId: number; status: number; dealVolume: string; dealMoney: string }
  | { kind: 'trigger'; id: string; contractId: number; status: number; orderId: string };

/**
 * The user's open futures positions as position/get_assets_list's positionList lists them (the mark price, unrealized
 * PnL, liquidation price, margin ratio, ADL rank): all of them, so a closed one is simply absent.
 */
export interface CoPositionsUpdate {
  positionList: z.infer<typeof coPositionItem>[];
  /** 1 (ours): the simulated account's positions (get_assets_list asked with `simulated: 1`); absent for the real. */
  simulated?: 1;
}

/**
 * One margin coin's futures account as account/account_balance's accounts item shapes it; `simulated: 1` (ours) on
 * the simulated account's.
 */
export type CoAccountUpdate = z.infer<typeof coAccountItem> & { simulated?: 1 };

/** A deposit as `record/deposit_list` lists it, pushed whole on each change. */
export type DepositUpdate = DepositRecord;

export interface BalanceUpdate {
  account: string;
  coin: string;
  available: string;
  locked: string;
}

/** A push on a subscribed channel. Trades arrive as `tick: { data: TradeTick[] }` (newest last). */
export interface PushFrame<T> {
  channel: string;
  seq: number;
  ts: number;
  tick: T;
}

/** The answer to a req (review: symbol -> Ticker; trade_ticker: TradeTick[] newest first; kline: Candle[] oldest first). */
export interface ReplyFrame<T> {
  event_rep: 'rep';
  channel: string;
  cb_id?: string;
  ts: number;
  status: 'ok';
  data: T;
}

/** A refused frame: unknown channel, private channel without a session, malformed JSON. */
export interface ErrorFrame {
  event_rep: 'error';
  channel?: string;
  cb_id?: string;
  ts: number;
  msg: string;
}
