/**
 * Our self-hosted proof of work (ALTCHA, altcha-lib v2 protocol, as the server issues it through
 * common/tartCaptcha): find the counter whose derived SHA key matches the challenge's prefix. Runs in a Web Worker
 * in the browser (altcha.worker.ts) and on the main thread where workers are missing.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge, Solution } from 'altcha-lib/types';

export type AltchaChallenge = Challenge;

/** The `altcha` field for the solved challenge, or null when it has no solution. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? altchaPayload(challenge, solution) : null;
}

/** The `altcha` field: base64 of the JSON {challenge, solution}. */
export function altchaPayload(challenge: AltchaChallenge, solution: Solution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}
