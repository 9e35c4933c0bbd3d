import { ErrorCode } from '@opex/contract/error-codes';
import { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import { CallFailure } from '../api/call.ts';

/**
 * What a screen says for a failed call: our message for the code in the reader's language, else the server's
 * msg; network failures get the spec's generic wording. A refusal of bad input keeps the server's msg, which
 * names the field and the rule in the language of the request (the `lan` cookie).
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof CallFailure && error.code === ErrorCode.badRequest && error.message) return error.message;
  if (error instanceof CallFailure)
    return t(`error.${error.code}`, { defaultValue: error.message || t('error.unknown') });
  if (error instanceof AxiosError && !error.response) return t('error.network');
  return t('error.unknown');
}
