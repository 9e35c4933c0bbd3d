/**
 * When a dated contract's successor delivers (the roll, contract-delivery.ts). Every delivery is at 08:00 UTC on a
 * Friday, counted from the delivered contract's delivery time T:
 * - W (this week): the first Friday after T;
 * - N (next week): the Friday after that one;
 * - M (month): the last Friday of the month after T's month;
 * - Q (quarter): the last Friday of the first quarter month (March, June, September, December) after T's month.
 */
const DAY_MS = 86_400_000;
const HOUR = 8;
const FRIDAY = 5;

export function nextDeliveryTime(type: string, after: number): number {
  const d = new Date(after);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  switch (type) {
    case 'W':
      return nextFriday(after);
    case 'N':
      return nextFriday(after) + 7 * DAY_MS;
    case 'M':
      return lastFriday(year, month + 1);
    case 'Q':
      // Quarter months are 2, 5, 8 and 11 (0-based): the first of them after this month.
      return lastFriday(year, month + 1 + ((2 - ((month + 1) % 3) + 3) % 3));
    default:
      throw new Error(`contract type ${type} does not deliver`);
  }
}

/**
 * The successor's delivery time: the next one after T by the rule above, and while that has passed too (the roll came
 * late, the server was down), the next after it, so a contract is never listed already due.
 */
export function successorDeliveryTime(type: string, delivered: number, now: number): number {
  let t = nextDeliveryTime(type, delivered);
  while (t <= now) t = nextDeliveryTime(type, t);
  return t;
}

/** The first Friday 08:00 UTC strictly after `after`. */
function nextFriday(after: number): number {
  const d = new Date(after);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), HOUR);
  const t = day + ((FRIDAY - d.getUTCDay() + 7) % 7) * DAY_MS;
  return t > after ? t : t + 7 * DAY_MS;
}

/** The last Friday 08:00 UTC of a month (0-based, past 11 rolls into the next year). */
function lastFriday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, HOUR));
  return last.getTime() - ((last.getUTCDay() - FRIDAY + 7) % 7) * DAY_MS;
}
