import { type CallDef, type CallReply, type CallRequest, callPath } from '@opex/contract/call';
import { isSuccess } from '@opex/contract/envelope';
import { ErrorCode } from '@opex/contract/error-codes';
import { AxiosError } from 'axios';
import { http } from './http.ts';
import { notifySessionEnded } from './session-events.ts';

/** A reply whose code is not '0': the code and the server's message, for screens to show by code. */
export class CallFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

export interface CallOptions {
  /** Silent polling: the spec's `exchange-auto: 1` header. */
  polling?: boolean;
}

interface WireEnvelope {
  code: string | number;
  msg?: string;
  data: unknown;
}

/** Sends one contract call and unwraps its envelope; a session-ended code also tells the app the user is out. */
export async function invoke<C extends CallDef>(
  call: C,
  input: CallRequest<C>,
  options: CallOptions = {},
): Promise<CallReply<C>> {
  const url = callPath(call).replace(/^\//, '');
  const headers = options.polling ? { 'exchange-auto': '1' } : undefined;
  try {
    const response =
      call.method === 'GET'
        ? await http.get<WireEnvelope>(url, { params: input, headers })
        : await http.post<WireEnvelope>(url, input ?? {}, { headers });
    return unwrap(response.data) as CallReply<C>;
  } catch (error) {
    // Malformed requests come back 400 with the same envelope: surface its code, not the HTTP status.
    if (error instanceof AxiosError && error.response?.data && typeof error.response.data === 'object') {
      unwrap(error.response.data as WireEnvelope);
    }
    throw error;
  }
}

export function unwrap(envelope: WireEnvelope): unknown {
  if (isSuccess(envelope.code)) return envelope.data;
  const code = String(envelope.code);
  if (code === ErrorCode.sessionEnded) notifySessionEnded();
  throw new CallFailure(code, envelope.msg ?? '');
}
