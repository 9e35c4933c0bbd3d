/**
 * The funding countdown of the futures header (contract-notes-products.md §1.1): settlements fall every
 * `capitalFrequency` hours from the hour `capitalStartTime` (UTC) of each day; the next one is the first such moment
 * after now on the server's clock (the browser's clock plus the offset public_info's currentTimeMillis gave).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The server's clock minus the browser's, from public_info's currentTimeMillis read at `browserNow`. */
export function clockOffset(serverMillis: number, browserNow: number): number {
  return serverMillis - browserNow;
}

/** Epoch ms of the next funding strictly after `serverNow`; undefined when the contract has no funding interval. */
export function nextFundingTime(serverNow: number, startHour: number, frequencyHours: number): number | undefined {
  if (!(frequencyHours > 0) || !Number.isFinite(serverNow)) return undefined;
  const period = frequencyHours * HOUR_MS;
  // Anchor at the day's start hour, one day back, so a start hour later in the day than now is still counted from.
  const dayStart = Math.floor(serverNow / DAY_MS) * DAY_MS;
  const anchor = dayStart + (((startHour % 24) + 24) % 24) * HOUR_MS - DAY_MS;
  const steps = Math.floor((serverNow - anchor) / period) + 1;
  return anchor + steps * period;
}

/** hh:mm:ss until `target`, never negative; hours may pass 24 for long intervals. */
export function countdownText(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
