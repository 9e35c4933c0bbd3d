/// <reference lib="webworker" />
/** Solves one ALTCHA challenge off the main thread, so the page stays responsive while it works. */
import { type AltchaChallenge, solveAltcha } from './altcha-solver.ts';

self.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  self.postMessage(await solveAltcha(event.data));
};
