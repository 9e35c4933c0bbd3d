import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';
import type { Clock } from './clock.ts';
import type { SessionStore } from './session-store.ts';

/**
 * The composition root's wiring, handed to every module: configuration, storage, time, and the
 * domain services that more than one module uses. Built once in main.ts (or a test harness).
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  settings: SettingsStore;
  sessions: SessionStore;
  captcha: CaptchaVerifier;
  /** Replies are checked against their contract schema (tests turn this on). */
  checkReplies: boolean;
}
