import { WS_PATH } from '@opex/contract/realtime';

/**
 * A realtime endpoint on this page's host under the app's base path (the <base> the server injects), ws or wss:
 * spot's by default, or another (the futures socket's CO_WS_PATH).
 */
export function socketUrl(baseURI: string, path = WS_PATH): string {
  const url = new URL(path.slice(1), baseURI);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  return url.toString();
}
