import { isValidEmail, phonePattern } from '@opex/contract/rules';

/** One account field takes an e-mail or a phone number; '@' decides which the server is sent. */
export function accountFields(
  account: string,
  countryCode: string,
): { email: string } | { mobileNumber: string; countryCode?: string } {
  const value = account.trim();
  if (value.includes('@')) return { email: value };
  return countryCode ? { mobileNumber: value, countryCode } : { mobileNumber: value };
}

export function isValidAccount(account: string): boolean {
  const value = account.trim();
  return value.includes('@') ? isValidEmail(value) : phonePattern.test(value);
}

/** Registration by e-mail, phone or both, from the user_reg_type switch ('2' phone, '3' both, else e-mail). */
export type RegistrationKind = 'email' | 'phone';

export function registrationKinds(userRegType: unknown): RegistrationKind[] {
  switch (String(userRegType ?? '')) {
    case '2':
      return ['phone'];
    case '3':
      return ['email', 'phone'];
    default:
      return ['email'];
  }
}
