import { commonUpdateOptionalSymbol, optionalListSymbol, optionalUpdateSymbol } from '@opex/contract/calls/optional';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { favouritesOf, updateFavourites } from './favourite-symbols.ts';

/** The operator's switch: favourites are kept on the server only while it is '1'. */
export const FAVOURITES_SWITCH = 'optional_symbol_server_open';

/** Favourite markets kept on the server (optional/list_symbol, optional/update_symbol and its older name). */
export async function registerOptionalModule(app: FastifyInstance, services: Services) {
  const db = services.database.db;

  bindCall(app, services, optionalListSymbol, async (_input, ctx) => ({ symbols: await favouritesOf(db, ctx.userId) }));

  for (const call of [optionalUpdateSymbol, commonUpdateOptionalSymbol]) {
    bindCall(app, services, call, async (input, ctx) => {
      const switches = await services.settings.switches();
      if (switches[FAVOURITES_SWITCH] !== '1') throw new CallError(ErrorCode.switchedOff);
      return { symbols: await updateFavourites(db, ctx.userId, input, services.clock.now()) };
    });
  }
}
