/**
 * The spec's tracking beacon (platform.md §7): an image request carrying the page view as JSON to the endpoint the
 * operator sets (public info url.trackUrl, e.g. a cloud storage host whose access log is the record). Nothing is
 * sent without an endpoint, nor from hosts whose name contains localhost, dev or staging, so test and development
 * traffic stays out of the operator's numbers. It carries no account: the page, the language and the time.
 */
export interface PageView {
  page: string;
  lang: string;
  time: number;
}

const skippedHosts = /localhost|dev|staging/i;

/** The image address to request for a page view, or null when nothing is to be sent. */
export function beaconUrl(endpoint: string | undefined, hostname: string, view: PageView): string | null {
  if (!endpoint || skippedHosts.test(hostname)) return null;
  const separator = endpoint.includes('?') ? '&' : '?';
  return `${endpoint}${separator}info=${encodeURIComponent(JSON.stringify(view))}`;
}
