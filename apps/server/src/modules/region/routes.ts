import { limitIpLogin } from '@opex/contract/calls/common';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { countryNames, countryOf } from './region-check.ts';

/** limit_ip_login: refuses visitors whose address is in a restricted country, naming the restricted countries. */
export async function registerRegion(app: FastifyInstance, services: Services) {
  bindCall(app, services, limitIpLogin, async (_input, ctx) => {
    const restricted = await services.settings.restrictedCountries();
    if (!restricted.length) return null;
    const country = await countryOf(ctx.ip);
    if (country && restricted.includes(country)) {
      throw new CallError(ErrorCode.regionRestricted, countryNames(restricted, ctx.lang));
    }
    return null;
  });
}
