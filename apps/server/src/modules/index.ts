import type { FastifyInstance } from 'fastify';
import type { Services } from '../platform/services.ts';
import { registerPriceIndex } from '../prices/price-index-plugin.ts';
import { registerCaptcha } from './captcha/routes.ts';
import { registerCms } from './cms/routes.ts';
import { registerCommon } from './common/routes.ts';
import { registerDepositModule } from './deposit/routes.ts';
import { registerFinanceModule } from './finance/routes.ts';
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

/** Every business module, each owning its calls (named as the spec groups them). */
export async function registerModules(app: FastifyInstance, services: Services) {
  await registerUserModule(app, services);
  await registerSecurityModule(app, services);
  await registerOpenApiKeys(app, services);
  await registerMessageModule(app, services);
  await registerCommon(app, services);
  await registerCms(app, services);
  await registerNotice(app, services);
  await registerRegion(app, services);
  await registerUpload(app, services);
  await registerCaptcha(app, services);
  await registerOrderModule(app, services);
  await registerTradeModule(app, services);
  await registerOptionalModule(app, services);
  await registerFinanceModule(app, services);
  await registerRecordModule(app, services);
  await registerWithdrawModule(app, services);
  await registerDepositModule(app, services);
  await registerPriceIndex(app, services);
}
