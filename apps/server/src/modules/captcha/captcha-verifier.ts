import type { CaptchaFields } from '@opex/contract/captcha';

/** Checks the human-verification fields of a protected call (login, registration, code sending). */
export interface CaptchaVerifier {
  verify(fields: CaptchaFields, ip: string): Promise<boolean>;
}
