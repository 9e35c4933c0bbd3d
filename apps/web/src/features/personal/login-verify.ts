import type { UserInfo } from '../../api/user.ts';

/**
 * The login verification choices (user/login_verify_update): '0' none, '1' Google, '2' phone code, '3' e-mail
 * code; a choice is offered only when its factor is bound (phone also needs phone verification on), and "none" only
 * while Google is not bound (login always asks for a bound Google, or the code chosen instead). When the operator
 * enforces Google, a user with Google bound is asked for it whatever the choice.
 */
export const LOGIN_VERIFY_CHOICES = ['0', '1', '2', '3'] as const;
export type LoginVerifyChoice = (typeof LOGIN_VERIFY_CHOICES)[number];

export function loginVerifyAvailable(
  choice: LoginVerifyChoice,
  user: Pick<UserInfo, 'googleStatus' | 'email' | 'mobileNumber' | 'isOpenMobileCheck'>,
): boolean {
  switch (choice) {
    case '1':
      return user.googleStatus === 1;
    case '2':
      return user.mobileNumber !== '' && user.isOpenMobileCheck === 1;
    case '3':
      return user.email !== '';
    default:
      return user.googleStatus !== 1;
  }
}
