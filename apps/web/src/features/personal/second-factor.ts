import type { UserInfo } from '../../api/user.ts';

/**
 * Which second factor a sensitive change takes (contract calls/security): Google when bound, with no fallback;
 * otherwise a securityVerify code sent to the user's own bound e-mail or phone.
 */
export type FactorKind = 'google' | 'email' | 'sms';

type FactorUser = Pick<UserInfo, 'googleStatus' | 'email' | 'mobileNumber'>;

/** The user's own bound addresses that can receive a code (binding Google asks for one of these). */
export function ownAddressKinds(user: FactorUser): FactorKind[] {
  const kinds: FactorKind[] = [];
  if (user.email) kinds.push('email');
  if (user.mobileNumber) kinds.push('sms');
  return kinds;
}

export function secondFactorKinds(user: FactorUser): FactorKind[] {
  return user.googleStatus === 1 ? ['google'] : ownAddressKinds(user);
}

export interface SecondFactorFields {
  googleCode?: string;
  emailAuthCode?: string;
  smsAuthCode?: string;
}

const fieldOf = { google: 'googleCode', email: 'emailAuthCode', sms: 'smsAuthCode' } as const;

/** The request fields carrying a code of the chosen factor. */
export function secondFactorFields(kind: FactorKind, code: string): SecondFactorFields {
  return { [fieldOf[kind]]: code };
}
