import { DepositWatch } from './chains/deposit-watch.ts';
import type { Config } from './config.ts';
import { TradingCore } from './core/trading-core.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ContractPrices } from './futures/contract-prices.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { MarketData } from './market-data/market-data.ts';
import { createCaptchaService } from './modules/captcha/captcha-service.ts';
import type { CaptchaVerifier } from './modules/captcha/captcha-verifier.ts';
import { OrderRateLimiter } from './modules/order/order-rate-limit.ts';
import { UserSessions } from './modules/user/user-sessions.ts';
import { Mailer } from './notify/mailer.ts';
import { SmsSender } from './notify/sms.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { PriceIndex } from './prices/price-index.ts';
import { SettingsStore } from './settings/settings-store.ts';

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
  /** Every live futures contract's index and mark price, worked out each second (and their minute bars). */
  contractPrices: ContractPrices;
  /** Order entry's rate limit per user, one budget whichever door the order comes in by (web calls or Open API). */
  orderRate: OrderRateLimiter;
  /** Deposits: the deposit processor, one poll round over the chains, the simulated chain. */
  deposits: DepositWatch;
  /** Runs each module's background jobs in one process of the deployment at a time. */
  jobs: JobRunner;
  /** Replies are checked against their contract schema (tests turn this on). */
  checkReplies: boolean;
}

/**
 * The composition root: builds every service once from configuration and storage, and starts the infrastructure
 * (the trading core, market data, the price index) that buildApp stops when the app closes. Modules start their own jobs.
 */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  options: { clock?: Clock; checkReplies?: boolean } = {},
): Promise<Services> {
  const clock = options.clock ?? systemClock;
  const onError = (error: unknown, context: string) => console.error(context, error);
  const core = new TradingCore(database, clock, {
    onError: (error, context) => console.error(`trading core: ${context}`, error),
  });
  await core.start();
  const marketData = await MarketData.start(database, clock, core);
  const prices = await PriceIndex.start(database.db, core, marketData, {
    pollMs: config.priceSourcesPollMs,
    onError,
  });
  const contractPrices = await ContractPrices.start(database.db, core, prices, clock, {
    tickMs: config.contractPricesTickMs,
    onError,
  });
  return {
    core,
    contractPrices,
    deposits: new DepositWatch(database, clock, core, { onError }),
    jobs: new JobRunner(database, clock, { onError }),
    marketData,
    prices,
    config,
    database,
    clock,
    checkReplies: options.checkReplies ?? false,
    orderRate: new OrderRateLimiter(config.orderRate, clock),
    settings: new SettingsStore(database.db, clock),
    sessions: new UserSessions(
      database.db,
      clock,
      { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
      (touch) => core.writeAlongside({ sessionTouches: [touch] }),
    ),
    mailer: new Mailer(database.db, clock, config.smtpUrl, config.mailFrom),
    sms: new SmsSender(database.db, clock),
    captcha: createCaptchaService(config.captcha, database.db, new SettingsStore(database.db, clock), clock),
  };
}
