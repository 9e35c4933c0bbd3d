import { rate } from '@opex/contract/calls/public-info';
import { usePublicInfo } from './common.ts';
import { useCallQuery } from './query.ts';

/** The spec's rate refresh: common/rate every 30 s, silently. */
export const RATE_POLL_MS = 30_000;

/**
 * The fiat rate table per language (each coin's price in the language's fiat): public info's copy at once, then
 * common/rate's fresh one, polled while a screen that values money in fiat is shown.
 */
export function useRates() {
  const info = usePublicInfo();
  const fresh = useCallQuery(rate, {}, { refetchInterval: RATE_POLL_MS, polling: true, staleTime: RATE_POLL_MS });
  return fresh.data?.rate ?? info.market.rate;
}
