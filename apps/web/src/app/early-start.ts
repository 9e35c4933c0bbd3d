/**
 * What the visited page needs, started by the boot script before the app's own chunk has loaded: for the trade page
 * its market's realtime channels (the socket opens in its worker at once, so the book's first values are waiting
 * when the page first renders), public info and its language's messages, and the route's page chunk (Vite preloads
 * the chunk's own imports with it, so they arrive in one wave).
 */
import { matchPath } from 'react-router';
import { publicInfoQuery } from '../api/common.ts';
import { queryClient } from '../api/query-client.ts';
import { preloadMessages, resolveLanguage } from '../i18n/i18n.ts';
import { tradePageChannels } from '../markets/market-symbol.ts';
import { holdChannels } from '../realtime/index.ts';
import { routesFor } from '../routes.tsx';
import { readSelection } from '../state/selection.ts';
import type { SiteMode } from '../state/site-mode.ts';
import { basenameFrom } from './basename.ts';

/** Long enough for the page to mount and listen to the channels itself on a slow start. */
const HOLD_MS = 10_000;
const modes: SiteMode[] = ['standard', 'futures', 'fiat'];

/** The visited page's realtime channels, public info and the messages of its language. */
export function startEarly(): void {
  const matched = matchRoute(visitedPath());
  if (matched?.route.name === 'trade') holdChannels(tradeChannels(matched.params.symbol), HOLD_MS);
  // The site's default language is in public info: its messages load as soon as it answers.
  void queryClient.fetchQuery(publicInfoQuery).then(
    (info) => preloadMessages(resolveLanguage(location.search, info.lan?.defLan)),
    () => undefined,
  );
}

/** Loads the visited route's page chunk with its imports (before the router asks for it). */
export function preloadPage(): void {
  void matchRoute(visitedPath())
    ?.route.load()
    .catch(() => undefined);
}

function visitedPath(): string {
  const basename = basenameFrom(document.baseURI);
  return location.pathname.startsWith(basename) ? location.pathname.slice(basename.length) || '/' : '/';
}

/** The first route of any site mode that has the path (the mode is in public info, not known yet). */
function matchRoute(path: string) {
  for (const mode of modes) {
    for (const route of routesFor(mode)) {
      const match = matchPath(route.path, path);
      if (match) return { route, params: match.params };
    }
  }
  return undefined;
}

const tradeChannels = (symbol: string | undefined) => tradePageChannels(symbol, readSelection(localStorage));
