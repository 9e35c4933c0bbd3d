import {
  authRealname,
  closeGoogleVerify,
  closeMobileVerify,
  emailBindSave,
  emailUpdate,
  googleVerify,
  inviteInfoList,
  kycConfig,
  legalTenderUpdate,
  loginHistory,
  loginVerifyUpdate,
  mobileBindSave,
  mobileUpdate,
  nicknameUpdate,
  openMobileVerify,
  settingHistory,
  toopenGoogleAuthenticator,
  updateFeeCoinOpen,
} from '@opex/contract/calls/security';
import type { FastifyInstance } from 'fastify';
import { createAccountChecks } from '../../accounts/account-checks.ts';
import { loggedInUser, saveAddress } from '../../accounts/address-binding.ts';
import { kycFormConfig, submitKyc } from '../../kyc/kyc.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { sealPlainTotpSecrets } from '../../second-factor/totp.ts';
import { serverSecretBox } from '../../secrets/secret-box.ts';
import type { Services } from '../../services.ts';
import { bindGoogle, closeGoogle, openGoogleSetup } from './google-authenticator.ts';
import { loginHistoryPage, settingHistoryPage } from './histories.ts';
import { inviteInfo } from './invites.ts';
import { updateFeeCoinOpen as saveFeeCoinOpen, updateLegalTender, updateNickname } from './preferences.ts';
import { setLoginVerify, setMobileVerify } from './verification-settings.ts';

/** The security centre: bindings, Google authenticator, verification settings, histories, KYC, invites, preferences. */
export async function registerSecurityModule(app: FastifyInstance, services: Services) {
  const kit = createAccountChecks(services);
  const { db } = services.database;
  const done = () => null;
  // Secrets written before they were sealed at rest (migration 0014) are sealed now, before any call reads them.
  const plain = await db
    .selectFrom('totp_secrets')
    .select('user_id')
    .where((eb) => eb.or([eb('secret', 'is not', null), eb('pending_secret', 'is not', null)]))
    .limit(1)
    .execute();
  if (plain.length > 0) await sealPlainTotpSecrets(db, serverSecretBox(services.config));

  bindCall(app, services, emailBindSave, (input, ctx) => saveAddress(kit, ctx, 'email', 'bind', input).then(done));
  bindCall(app, services, emailUpdate, (input, ctx) => saveAddress(kit, ctx, 'email', 'change', input).then(done));
  bindCall(app, services, mobileBindSave, (input, ctx) => saveAddress(kit, ctx, 'mobile', 'bind', input).then(done));
  bindCall(app, services, mobileUpdate, (input, ctx) => saveAddress(kit, ctx, 'mobile', 'change', input).then(done));

  bindCall(app, services, toopenGoogleAuthenticator, (_input, ctx) => openGoogleSetup(kit, ctx));
  bindCall(app, services, googleVerify, (input, ctx) => bindGoogle(kit, ctx, input).then(done));
  bindCall(app, services, closeGoogleVerify, (input, ctx) => closeGoogle(kit, ctx, input.googleCode).then(done));

  bindCall(app, services, openMobileVerify, (input, ctx) => setMobileVerify(kit, ctx, true, input).then(done));
  bindCall(app, services, closeMobileVerify, (input, ctx) => setMobileVerify(kit, ctx, false, input).then(done));
  bindCall(app, services, loginVerifyUpdate, (input, ctx) => setLoginVerify(kit, ctx, input).then(done));

  bindCall(app, services, nicknameUpdate, (input, ctx) =>
    updateNickname(services, ctx.userId, input.nickName).then(done),
  );
  bindCall(app, services, updateFeeCoinOpen, (input, ctx) =>
    saveFeeCoinOpen(services, ctx.userId, input.feeCoinOpen).then(done),
  );
  bindCall(app, services, legalTenderUpdate, (input, ctx) =>
    updateLegalTender(services, ctx.userId, input.legalTender).then(done),
  );
  bindCall(app, services, kycConfig, () => kycFormConfig(services));
  bindCall(app, services, authRealname, (input, ctx) => submitKyc(services, ctx.userId, input).then(done));

  bindCall(app, services, loginHistory, (input, ctx) => loginHistoryPage(db, ctx.userId, input));
  bindCall(app, services, settingHistory, (input, ctx) => settingHistoryPage(db, ctx.userId, input));
  bindCall(app, services, inviteInfoList, async (input, ctx) =>
    inviteInfo(db, services.config.basePath, await loggedInUser(kit, ctx), input),
  );
}
