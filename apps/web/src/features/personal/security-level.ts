import type { UserInfo } from '../../api/user.ts';

/** The security level shown on userManagement: one step per way of proving the account (e-mail, phone, Google). */
export type SecurityLevel = 'low' | 'medium' | 'high';

export function securityLevel(user: Pick<UserInfo, 'googleStatus' | 'email' | 'mobileNumber'>): SecurityLevel {
  const bound = [user.email !== '', user.mobileNumber !== '', user.googleStatus === 1].filter(Boolean).length;
  if (bound >= 3 || (bound === 2 && user.googleStatus === 1)) return 'high';
  return bound === 2 ? 'medium' : 'low';
}
