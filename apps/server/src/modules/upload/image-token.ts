import { IMAGE_TOKEN_TTL_MS } from '@opex/contract/calls/upload';
import { ErrorCode } from '@opex/contract/error-codes';
import type { Config } from '../../config.ts';
import { CallError } from '../../platform/call-error.ts';
import { serverSecretBox } from '../../secrets/secret-box.ts';

/**
 * Upload tokens (common/get_image_token): the user, the purpose and the expiry, sealed with the server key, so
 * that they cannot be forged or altered and need no table.
 */
interface ImageTokenClaims {
  userId: number;
  operateType: string;
  expires: number;
}

type KeyConfig = Pick<Config, 'openApiSecretKey' | 'dataDir'>;

export function issueImageToken(config: KeyConfig, userId: number, operateType: string, now: number) {
  const expires = now + IMAGE_TOKEN_TTL_MS;
  const claims: ImageTokenClaims = { userId, operateType, expires };
  return { token: serverSecretBox(config).seal(JSON.stringify(claims)), expires };
}

/** Refuses (20019) a token that is not this user's, was altered, or has expired. */
export function checkImageToken(config: KeyConfig, token: string, userId: number, now: number): void {
  let claims: ImageTokenClaims;
  try {
    claims = JSON.parse(serverSecretBox(config).open(token)) as ImageTokenClaims;
  } catch {
    throw new CallError(ErrorCode.imageTokenInvalid);
  }
  if (claims.userId !== userId || claims.expires <= now) throw new CallError(ErrorCode.imageTokenInvalid);
}
