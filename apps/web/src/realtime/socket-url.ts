import { WS_PATH } from '@opex/contract/realtime';

/** The realtime endpoint on this page's host under the app's base path (the <base> the server injects), ws or wss. */
export function socketUrl(baseURI: string): string {
  const url = new URL(WS_PATH.slice(1), baseURI);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  return url.toString();
}
