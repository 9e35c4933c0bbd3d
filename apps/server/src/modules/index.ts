import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { registerCaptcha } from './captcha/routes.ts';
import { registerCms } from './cms/routes.ts';
import { registerCoModule } from './co/routes.ts';
import { registerCommon } from './common/routes.ts';
import { registerDepositModule } from './deposit/routes.ts';
import { registerFinanceModule } from './finance/routes.ts';
import { registerLeverModule } from './lever/routes.ts';
import { registerMessageModule } from './message/routes.ts';
import { registerNotice } from './notice/routes.ts';
import { registerOpenApiKeys } from './openapi/routes.ts';
import { registerOptionalModule } from './optional/routes.ts';
import { registerOrderModule } from './order/routes.ts';
import { registerRecordModule } from './record/routes.ts';
import { registerRegion } from './region/routes.ts';
import { registerSecurityModule } from './security/routes.ts';
import { registerTradeModule } from './trade/routes.ts';
import { registerUpload } from './upload/routes.ts';
import { registerUserModule } from './user/routes.ts';
import { registerWithdrawModule } from './withdraw/routes.ts';

type ModulePlugin = (app: FastifyInstance, services: Services) => Promise<void>;

/**
 * Every business module, each owning its calls (named as the spec groups them) and its background jobs, started
 * on register and stopped in its own onClose. Each is a Fastify plugin: its hooks and decorations stay in its scope.
 */
const modules: ModulePlugin[] = [
  registerUserModule,
  registerSecurityModule,
  registerOpenApiKeys,
  registerMessageModule,
  registerCommon,
  registerCms,
  registerNotice,
  registerRegion,
  registerUpload,
  registerCaptcha,
  registerOrderModule,
  registerLeverModule,
  registerCoModule,
  registerTradeModule,
  registerOptionalModule,
  registerFinanceModule,
  registerRecordModule,
  registerWithdrawModule,
  registerDepositModule,
];

export async function registerModules(app: FastifyInstance, services: Services) {
  for (const plugin of modules) await app.register((scope) => plugin(scope, services));
}
