import { tartCaptcha } from '@opex/contract/calls/common';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { createCaptchaService } from './captcha-service.ts';

/** common/tartCaptcha: a challenge for the current verification type. */
export async function registerCaptcha(app: FastifyInstance, services: Services) {
  const captcha = createCaptchaService(
    services.config.captcha,
    services.database.db,
    services.settings,
    services.clock,
  );
  bindCall(app, services, tartCaptcha, async (_input, ctx) => {
    const { verificationType, captcha: challenge } = await captcha.challenge(ctx.ip);
    if (challenge === undefined) throw new CallError(ErrorCode.captchaUnavailable);
    return { verificationType, captcha: challenge };
  });
}
