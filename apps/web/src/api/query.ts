import type { CallDef, CallReply, CallRequest } from '@opex/contract/call';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { type CallOptions, invoke } from './call.ts';

/** Query keys start with the call's spec name, so a reader finds every cache entry of a call by that name. */
export function callKey<C extends CallDef>(call: C, input?: CallRequest<C>): readonly unknown[] {
  return input === undefined ? [call.name] : [call.name, input];
}

export function callQueryOptions<C extends CallDef>(call: C, input: CallRequest<C>, options: CallOptions = {}) {
  return {
    queryKey: callKey(call, input),
    queryFn: () => invoke(call, input, options),
  };
}

export function useCallQuery<C extends CallDef>(
  call: C,
  input: CallRequest<C>,
  options: { enabled?: boolean; refetchInterval?: number | false; polling?: boolean; staleTime?: number } = {},
) {
  const { polling, ...rest } = options;
  return useQuery<CallReply<C>>({ ...callQueryOptions(call, input, { polling }), ...rest });
}

export function useCallMutation<C extends CallDef>(call: C) {
  return useMutation<CallReply<C>, Error, CallRequest<C>>({ mutationFn: (input) => invoke(call, input) });
}

export function invalidateCall(client: QueryClient, call: CallDef): Promise<void> {
  return client.invalidateQueries({ queryKey: [call.name] });
}
