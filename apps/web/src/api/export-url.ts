import { type CallDef, callPath } from '@opex/contract/call';
import { http } from './http.ts';

/**
 * The address of a GET export call (a file download) with its filters, empty ones left out, resolved against the
 * page's base like every call, so a build served under a base path downloads from its own server.
 */
export function exportUrl(call: CallDef, params: Record<string, string | number | undefined>): string {
  const url = new URL(callPath(call).replace(/^\//, ''), http.defaults.baseURL ?? document.baseURI);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.href;
}
