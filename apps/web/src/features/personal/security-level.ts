import type { UserInfo } from '../../api/user.ts';

/**
 * The security level shown on userManagement, from what login really asks for: 'high' when Google is bound (login
 * then always asks for a second factor, and withdrawals for Google); 'medium' when login asks for a code (the user's
 * choice, or the operator's openLoginVerificationMode); 'low' when the password alone logs in.
 */
export type SecurityLevel = 'low' | 'medium' | 'high';

export function securityLevel(
  user: Pick<UserInfo, 'googleStatus' | 'loginVerify'>,
  operatorForcesLoginCode = false,
): SecurityLevel {
  if (user.googleStatus === 1) return 'high';
  return user.loginVerify !== '0' || operatorForcesLoginCode ? 'medium' : 'low';
}
