import { z } from 'zod';

/** Ids and page numbers arrive as numbers or digit strings (the original's forms send both). */
export const positiveInt = (max: number) =>
  z
    .union([z.number(), z.string().max(12).regex(/^\d+$/, 'digits only')])
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const pageField = positiveInt(100_000).default(1);
export const pageSizeField = positiveInt(100).default(10);
export const idField = positiveInt(Number.MAX_SAFE_INTEGER);

/**
 * A time filter in epoch milliseconds: a whole number, or a string of decimal digits. Not z.coerce, which takes
 * `true`, `[]` or "0x10" for numbers.
 */
export const timeFilterField = z
  .union([z.number().int().nonnegative(), z.string().max(15).regex(/^\d+$/, 'a time in milliseconds, digits only')])
  .transform(Number);
