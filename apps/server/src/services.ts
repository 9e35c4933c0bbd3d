import { DepositWatch } from './chains/deposit-watch.ts';
import type { Config } from './config.ts';
import { TradingCore } from './core/trading-core.ts';
import type { DatabaseHandle } from './db/database.ts';
import { MarketData } from './market-data/market-data.ts';
import { createCaptchaService } from './modules/captcha/captcha-service.ts';
import { OrderRateLimiter } from './modules/order/order-rate-limit.ts';
import { UserSessions } from './modules/user/user-sessions.ts';
import { Mailer } from './notify/mailer.ts';
import { SmsSender } from './notify/sms.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Services } from './platform/services.ts';
import { PriceIndex } from './prices/price-index.ts';
import { SettingsStore } from './settings/settings-store.ts';

/** The composition root: builds every service once from configuration and storage. */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  options: { clock?: Clock; checkReplies?: boolean } = {},
): Promise<Services> {
  const clock = options.clock ?? systemClock;
  // Started here so every server (main and the test harness) has it; the order module stops it when the app closes.
  const core = new TradingCore(database, clock, {
    onError: (error, context) => console.error(`trading core: ${context}`, error),
  });
  await core.start();
  const marketData = await MarketData.start(database, clock, core);
  // Stopped by its plugin (prices/price-index-plugin.ts) when the app closes.
  const prices = await PriceIndex.start(database.db, core, marketData, {
    pollMs: config.priceSourcesPollMs,
    onError: (error, context) => console.error(context, error),
  });
  // Stopped by the deposit module when the app closes.
  const deposits = new DepositWatch(database, clock, core, {
    pollMs: config.chainPollMs,
    onError: (error, context) => console.error(context, error),
  });
  await deposits.start();
  return {
    core,
    deposits,
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
