/**
 * History filters pick whole days ('YYYY-MM-DD' from the date picker); calls take epoch milliseconds. A range runs
 * from the first millisecond of its first day to the last of its last day, in the reader's time zone.
 */
function localDay(day: string, offsetDays: number): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offsetDays).getTime();
}

export function dayStart(day: string): number | undefined {
  return localDay(day, 0);
}

export function dayEnd(day: string): number | undefined {
  const next = localDay(day, 1);
  return next === undefined ? undefined : next - 1;
}

/** The call's startTime/endTime for a picked range; an empty side is left open. */
export function dayRange(from: string, to: string): { startTime?: number; endTime?: number } {
  const startTime = dayStart(from);
  const endTime = dayEnd(to);
  return { ...(startTime === undefined ? {} : { startTime }), ...(endTime === undefined ? {} : { endTime }) };
}
