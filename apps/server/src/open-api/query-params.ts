import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';

/**
 * A public Open API request's query, read the way Binance reads it: a missing mandatory parameter is -1102, a
 * malformed one -1100, a repeated one -1101, and a parameter the endpoint does not read -1104 (checked by done()).
 */
export class QueryParams {
  private readonly read = new Set<string>();

  constructor(private readonly query: Record<string, string | string[] | undefined>) {
    for (const [name, value] of Object.entries(query)) {
      if (Array.isArray(value))
        throw new BinanceError(BinanceCode.tooManyParameters, `Duplicate values for parameter '${name}'.`);
    }
  }

  /** The value, or undefined when absent; an empty value counts as absent, as Binance treats it. */
  optional(name: string): string | undefined {
    this.read.add(name);
    const value = this.query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw binanceErrors.mandatory(name);
    return value;
  }

  /** A whole number within [min, max] (larger values are cut to max, as Binance does for limits). */
  integer(name: string, range: { min: number; max?: number; fallback?: number }): number | undefined {
    const text = this.optional(name);
    if (text === undefined) return range.fallback;
    if (!/^-?\d{1,16}$/.test(text)) throw binanceErrors.illegal(name);
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < range.min) throw binanceErrors.illegal(name);
    return range.max !== undefined && value > range.max ? range.max : value;
  }

  /** `symbols=["BTCUSDT","ETHUSDT"]` as Binance takes it: a JSON array of names. */
  symbolList(name: string): string[] | undefined {
    const text = this.optional(name);
    if (text === undefined) return undefined;
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      throw binanceErrors.illegal(name);
    }
    if (!Array.isArray(list) || list.length === 0 || !list.every((s) => typeof s === 'string' && /^\w{1,40}$/.test(s)))
      throw binanceErrors.illegal(name);
    return list as string[];
  }

  /** Refuses a parameter the endpoint did not read. */
  done(): void {
    const sent = Object.keys(this.query);
    const unread = sent.filter((name) => !this.read.has(name));
    if (unread.length === 0) return;
    throw new BinanceError(
      BinanceCode.unreadParameters,
      `Not all sent parameters were read; read '${sent.length - unread.length}' parameter(s) but was sent '${sent.length}'.`,
    );
  }
}
