import { type ErrorCodeValue, errorMessages } from '@opex/contract/error-codes';

/** A business refusal: answered with HTTP 200 and the non-zero code (the spec's client reads `code`). */
export class CallError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string = errorMessages[code],
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}
