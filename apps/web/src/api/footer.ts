import { footerList } from '@opex/contract/calls/cms';
import { useCallQuery } from './query.ts';

/** cms/footer/list, loaded with the shell; a failure leaves the built-in footer (silently, per the spec). */
export function useFooterList() {
  return useCallQuery(footerList, {}, { staleTime: Number.POSITIVE_INFINITY });
}
