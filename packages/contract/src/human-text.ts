import { z } from 'zod';

/**
 * Text a person types and others read (nicknames, address-book and API-key labels, names on documents): NFC,
 * trimmed, and free of C0 and C1 control characters (NUL, newlines, escapes) and of the bidirectional overrides,
 * embeddings and isolates (U+202A-202E, U+2066-2069) that make a label display as something it is not.
 */
const unsafeCharacters = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u; // Cc: U+0000-001F, U+007F-009F

export function isHumanText(value: string): boolean {
  return !unsafeCharacters.test(value);
}

export function humanText(max: number) {
  return z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().min(1).max(max).refine(isHumanText, 'no control or direction-changing characters'));
}
