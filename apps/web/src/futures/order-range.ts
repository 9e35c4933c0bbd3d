/**
 * The futures order centre's default date range (contract-notes-products.md §1.3): from 00:00 two days ago to
 * 23:59:59.999 today, in the reader's time zone, as the day strings the date pickers hold.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function defaultOrderDays(now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 2);
  return { from: day(from), to: day(now) };
}
