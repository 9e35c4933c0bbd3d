import { z } from 'zod';

/** Request fields several product calls share: a coin symbol, and an amount to move, borrow or repay. */

/** A coin symbol in any case, as the upper-case symbol (BTC). */
export const coinField = z
  .string()
  .trim()
  .max(20)
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,20}$/, 'a coin symbol such as BTC'));

/**
 * A positive decimal as typed (numbers read as their shortest decimal form); decimals beyond the coin's are refused
 * by the server with their own code, never rounded.
 */
export const positiveAmountField = z
  .union([z.string().max(40), z.number().positive()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,20}(\.\d{1,20})?$/, 'a positive decimal number')
      .refine((s) => /[1-9]/.test(s), 'greater than zero'),
  );
