import { type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';

/**
 * A business refusal: answered with HTTP 200 and the non-zero code (the spec's client reads `code`); `data` goes
 * in the envelope where a call's refusal carries details (order_tpsl_create's respList).
 */
export class CallError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string = errorMessages[code],
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
