import argon2 from 'argon2';

/**
 * Password hashing with argon2id. The default cost follows OWASP's minimum (19 MiB, 2 passes, 1 lane): strong
 * enough for a login endpoint that is also rate-limited, cheap enough not to stall a 2-core server.
 */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

export const defaultPasswordCost: PasswordCost = { memoryCost: 19 * 1024, timeCost: 2 };

export function hashPassword(password: string, cost: PasswordCost = defaultPasswordCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, parallelism: 1, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown account cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-0');
  await verifyPassword(await decoyHash, password);
  return false;
}
