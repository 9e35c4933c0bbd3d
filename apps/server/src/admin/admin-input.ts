import fs from 'node:fs';
import Big from 'big.js';

/** Checks of operator input on the command line: each failure is a clear message and a non-zero exit. */
export class AdminInputError extends Error {}

export function required(flags: Record<string, string | boolean | undefined>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminInputError(`--${name} is required`);
  return value.trim();
}

export function optional(flags: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

export function text(value: string, name: string, max: number): string {
  if (value.length > max) throw new AdminInputError(`${name} is longer than ${max} characters`);
  return value;
}

export function integer(value: string | undefined, name: string, min: number, max: number, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new AdminInputError(`--${name} is required`);
    return fallback;
  }
  if (!/^-?\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new AdminInputError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return Number(value);
}

const decimalPattern = /^\d{1,30}(\.\d{1,30})?$/;

/** A non-negative decimal string, kept exactly as written (no float ever touches it). */
export function decimal(value: string, name: string): string {
  if (!decimalPattern.test(value))
    throw new AdminInputError(`--${name} must be a decimal number like 0.001, not "${value}"`);
  return value;
}

/** A decimal (as `decimal` checks it) that is more than 0. */
export function positive(value: string, name: string): string {
  if (/^0*(\.0*)?$/.test(value)) throw new AdminInputError(`--${name} must be more than 0`);
  return value;
}

/** A fraction from 0 up to `max`, at most 18 decimals, in its shortest form. */
export function rate(value: string, name: string, max: string): string {
  const r = new Big(decimal(value, name));
  if (r.gt(max)) throw new AdminInputError(`--${name} must be between 0 and ${max}`);
  if (r.round(18, Big.roundDown).cmp(r) !== 0) throw new AdminInputError(`--${name} keeps at most 18 decimals`);
  return r.toFixed();
}

export function symbol(value: string, name: string): string {
  const upper = value.toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(upper)) throw new AdminInputError(`--${name} must be 1 to 20 letters or digits`);
  return upper;
}

export function flag01(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value !== '0' && value !== '1') throw new AdminInputError(`--${name} must be 0 or 1`);
  return value === '1';
}

/** An instant given as ISO 8601 (2026-01-31T12:00:00Z) or epoch milliseconds. */
export function instant(value: string, name: string): number {
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw new AdminInputError(`--${name} must be an ISO date-time or epoch milliseconds`);
  return ms;
}

/** Html from --body, or from the file named by --file. */
export function body(flags: Record<string, string | boolean | undefined>, max = 200_000): string {
  const file = optional(flags, 'file');
  const inline = optional(flags, 'body');
  if ((file === undefined) === (inline === undefined)) throw new AdminInputError('give either --body or --file');
  if (file !== undefined) {
    if (!fs.existsSync(file)) throw new AdminInputError(`no such file: ${file}`);
    return text(fs.readFileSync(file, 'utf8'), '--file content', max);
  }
  return text(inline ?? '', '--body', max);
}
