/**
 * Our self-hosted proof of work (ALTCHA, v1 challenge format): find the number n, 0 <= n <= maxnumber, for which
 * hash(salt + n) in hex equals the challenge; the server checks the signature. Runs in a Web Worker in the browser
 * (altcha.worker.ts) and on the main thread where workers are missing.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

const DEFAULT_MAX_NUMBER = 1_000_000;
const algorithms: Record<string, string> = { 'SHA-1': 'SHA-1', 'SHA-256': 'SHA-256', 'SHA-512': 'SHA-512' };

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The number that solves the challenge, or null when none up to maxnumber does. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<number | null> {
  const algorithm = algorithms[challenge.algorithm.toUpperCase()];
  if (!algorithm) return null;
  const encoder = new TextEncoder();
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  for (let n = 0; n <= max; n += 1) {
    const digest = await crypto.subtle.digest(algorithm, encoder.encode(challenge.salt + n));
    if (toHex(digest) === challenge.challenge) return n;
  }
  return null;
}

/** The `altcha` field: base64 of the JSON {algorithm, challenge, number, salt, signature}. */
export function altchaPayload(challenge: AltchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
