import type { userInfo } from '@opex/contract/calls/user';
import type { z } from 'zod';
import { maskEmail, maskPhone } from '../../accounts/account-display.ts';
import type { UserRow } from '../../accounts/accounts.ts';
import type { SecurityProfile } from '../../accounts/security-profile.ts';

/** common/user_info: the fields the web app reads, with e-mail and phone masked. Agents come later (0). */
export function toUserInfo(user: UserRow, security: SecurityProfile): z.input<typeof userInfo.reply> {
  const email = user.email ? maskEmail(user.email) : '';
  const mobileNumber = user.mobile ? maskPhone(user.mobile) : '';
  return {
    id: user.id,
    userAccount: email || mobileNumber,
    nickName: user.nickname,
    email,
    countryCode: user.country_code ?? '',
    mobileNumber,
    accountStatus: user.status,
    agentStatus: 0,
    inviteCode: user.invite_code,
    googleStatus: user.google_status,
    isOpenMobileCheck: user.is_open_mobile_check,
    isOpenEmailCheck: user.is_open_email_check,
    loginVerify: String(user.login_verify),
    ctime: user.created_at,
    ...security,
  };
}
