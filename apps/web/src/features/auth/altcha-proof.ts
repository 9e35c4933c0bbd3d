import type { CallReply } from '@opex/contract/call';
import type { tartCaptcha } from '@opex/contract/calls/common';

/**
 * Solves the server's ALTCHA challenge (altcha-lib v2: find the counter whose SHA-256 key has the challenge's
 * prefix) and packs the proof as the server reads it: base64(JSON {challenge, solution}). The solver yields to the
 * page every 200 ms, so a second of hashing does not freeze it. altcha-lib is loaded only when needed.
 */
type Challenge = NonNullable<CallReply<typeof tartCaptcha>['captcha']>;

export async function solveAltchaProof(challenge: Challenge, signal: AbortSignal): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort());
  const full = challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge: full, deriveKey, controller });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge: full, solution }));
}
