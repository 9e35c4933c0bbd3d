/** The spec's validation patterns (platform.md §5, §9), shared by the server's schemas and the web's forms. */
export const VERIFICATION_CODE_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PHONE_MIN_DIGITS = 7;

export const verificationCodePattern = /^\d{6}$/;
export const phonePattern = /^\d{7,}$/;
export const numberPattern = /^\d+$/;
const passwordCharset = /^[A-Za-z0-9_~!@#$%^&*()]{8,20}$/;
const ipOctet = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const ipPattern = new RegExp(`^${ipOctet}(\\.${ipOctet}){3}$`);

/** 8 to 20 characters of letters, digits and _~!@#$%^&*(); at least one letter and one digit. */
export function isValidPassword(value: string): boolean {
  return passwordCharset.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** The spec asks only that an e-mail contain '@'. */
export function isValidEmail(value: string): boolean {
  return value.includes('@');
}
