import type { DepositWatch } from '../chains/deposit-watch.ts';
import type { Config } from '../config.ts';
import type { TradingCore } from '../core/trading-core.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { OrderRateLimiter } from '../modules/order/order-rate-limit.ts';
import type { UserSessions } from '../modules/user/user-sessions.ts';
import type { Mailer } from '../notify/mailer.ts';
import type { SmsSender } from '../notify/sms.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';
import type { Clock } from './clock.ts';

/**
 * The composition root's wiring, handed to every module: configuration, storage, time, and the
 * domain services that more than one module uses. Built once in main.ts (or a test harness).
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  settings: SettingsStore;
  /** Database-backed sessions (the call binding resolves them; the user module creates and revokes them). */
  sessions: UserSessions;
  /** E-mail and SMS, each also recorded in the outbox. */
  mailer: Mailer;
  sms: SmsSender;
  captcha: CaptchaVerifier;
  /** The trading core: the single writer of order books and balances (every balance change goes through it). */
  core: TradingCore;
  /** Tickers, K-lines and recent trades, fed by the core's trade events. */
  marketData: MarketData;
  /** Every coin's index price from our own books, which every valuation, margin and futures read. */
  prices: PriceIndex;
  /** Order entry's rate limit per user, one budget whichever door the order comes in by (web calls or Open API). */
  orderRate: OrderRateLimiter;
  /** Deposits: chain watchers, the deposit processor, the simulated chain. */
  deposits: DepositWatch;
  /** Replies are checked against their contract schema (tests turn this on). */
  checkReplies: boolean;
}
