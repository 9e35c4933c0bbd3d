import { QueryClient } from '@tanstack/react-query';
import { CallFailure } from './call.ts';

/** Business refusals are answers, not flaky failures: only network errors are retried, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof CallFailure) && count < 1,
    },
  },
});
