import { RateLimiter } from '../rate-limits/rate-limits.ts';
import type { Services } from '../services.ts';
import { VerificationCodes } from './verification-codes.ts';

/** What the account handlers share: the services, and the rate limits and one-time codes that guard an account. */
export interface AccountChecks {
  services: Services;
  limiter: RateLimiter;
  codes: VerificationCodes;
}

export function createAccountChecks(services: Services): AccountChecks {
  const { db } = services.database;
  return {
    services,
    limiter: new RateLimiter(db, services.clock, services.database.dialect),
    codes: new VerificationCodes(db, services.clock),
  };
}
