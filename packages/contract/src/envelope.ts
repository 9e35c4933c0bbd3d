/** Every reply is `{code, msg, data}`; success is the string "0" (the number 0 is accepted from others). */
export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

export const SUCCESS_CODE = '0';

export function isSuccess(code: string | number | null | undefined): boolean {
  return code === SUCCESS_CODE || code === 0;
}
