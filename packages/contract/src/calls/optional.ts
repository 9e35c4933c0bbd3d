import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * Favourite markets kept on the server (the spec's optional/* calls), used by the web when the operator's
 * optional_symbol_server_open switch is on; with it off, browsers keep favourites locally and the writes are
 * refused (switchedOff). Symbols are lower-case market symbols (btcusdt); "BTC/USDT" and "BTC_USDT" are read the
 * same way. An unknown market is refused (marketNotFound) and nothing changes.
 */
export const OptionalOperation = {
  /** Add several at once (a browser's local favourites after logging in). */
  addMany: 0,
  add: 1,
  remove: 2,
} as const;

const symbolList = z
  .string()
  .max(4000)
  .transform((s) =>
    s
      .split(',')
      .map((one) => one.trim().replace(/[/_]/g, '').toLowerCase())
      .filter((one) => one !== ''),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9]{2,40}$/, 'market symbols such as btcusdt')).min(1));

const update = {
  access: 'login',
  writes: true,
  request: z.object({
    /** '0' add several, '1' add one, '2' remove one (the original's values, string or number). */
    operationType: z
      .union([z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)])
      .transform((v) => Number(v) as 0 | 1 | 2),
    /** Comma-separated symbols. */
    symbols: symbolList,
  }),
  /** The user's favourites after the change, in the order they were added. */
  reply: z.object({ symbols: z.array(z.string()) }),
} as const;

/** The user's favourite markets, in the order they were added. */
export const optionalListSymbol = defineCall({
  name: 'optional/list_symbol',
  access: 'login',
  request: z.object({}),
  reply: z.object({ symbols: z.array(z.string()) }),
});

export const optionalUpdateSymbol = defineCall({ name: 'optional/update_symbol', ...update });

/** The older name of optional/update_symbol: same request, same reply. */
export const commonUpdateOptionalSymbol = defineCall({ name: 'common/update_optional_symbol', ...update });
