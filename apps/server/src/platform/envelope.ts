import { type Envelope, SUCCESS_CODE } from '@opex/contract/envelope';

export function reply<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: 'success', data };
}

export function failure(code: string, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
