/**
 * The calendar's date arithmetic (shell.md §5): weeks start on Monday, dates are written YYYY-MM-DD, and days
 * outside the bounds (Unix seconds; upper default 2554387200) cannot be chosen. Dates are local calendar days.
 */
export const CALENDAR_UPPER_BOUND_SECONDS = 2_554_387_200;

export interface CalendarDay {
  date: string;
  day: number;
  inMonth: boolean;
}

export interface YearMonth {
  year: number;
  /** 0-11 */
  month: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): string {
  const date = new Date(year, month, day);
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** The local calendar day of a Unix-seconds instant. */
export function dayOfSeconds(seconds: number): string {
  const date = new Date(seconds * 1000);
  return isoDate(date.getFullYear(), date.getMonth(), date.getDate());
}

export function parseIsoDate(value: string): (YearMonth & { day: number }) | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return isoDate(year, month, day) === value ? { year, month, day } : null;
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const date = new Date(year, month + delta, 1);
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function addDays(value: string, delta: number): string {
  const parts = parseIsoDate(value);
  if (!parts) return value;
  return isoDate(parts.year, parts.month, parts.day + delta);
}

/** Whole weeks, Monday first, covering the month; days of the months around it fill the first and last week. */
export function monthGrid({ year, month }: YearMonth): CalendarDay[][] {
  const mondayOffset = (new Date(year, month, 1).getDay() + 6) % 7;
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const weeks = Math.ceil((mondayOffset + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const date = new Date(year, month, 1 - mondayOffset + week * 7 + weekday);
      return {
        date: isoDate(date.getFullYear(), date.getMonth(), date.getDate()),
        day: date.getDate(),
        inMonth: date.getMonth() === month,
      };
    }),
  );
}

/** ISO dates compare as text. */
export function isWithinBounds(date: string, lowerSeconds: number | undefined, upperSeconds: number): boolean {
  if (lowerSeconds !== undefined && date < dayOfSeconds(lowerSeconds)) return false;
  return date <= dayOfSeconds(upperSeconds);
}
