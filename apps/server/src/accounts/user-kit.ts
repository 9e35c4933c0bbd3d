import { RateLimiter } from '../rate-limits/rate-limits.ts';
import type { Services } from '../services.ts';
import { VerificationCodes } from './verification-codes.ts';

/** What the account handlers share: the platform services plus the module's own stores. */
export interface UserKit {
  services: Services;
  limiter: RateLimiter;
  codes: VerificationCodes;
}

export function createUserKit(services: Services): UserKit {
  const { db } = services.database;
  return {
    services,
    limiter: new RateLimiter(db, services.clock, services.database.dialect),
    codes: new VerificationCodes(db, services.clock),
  };
}
