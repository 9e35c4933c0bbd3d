import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * WebSocket upgrades of one HTTP server, routed by path: each endpoint (the original protocol, the Open API's streams)
 * claims its paths here, and a request no endpoint claims is refused. One listener per server, so an endpoint
 * never destroys a socket another one was about to take.
 */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

interface Route {
  matches: (pathname: string) => boolean;
  handle: UpgradeHandler;
}

const routesByServer = new WeakMap<Server, Route[]>();

export function claimUpgrades(server: Server, matches: Route['matches'], handle: UpgradeHandler): void {
  let routes = routesByServer.get(server);
  if (!routes) {
    const list: Route[] = [];
    routes = list;
    routesByServer.set(server, list);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      const route = list.find((r) => r.matches(pathname));
      if (route) route.handle(request, socket, head);
      else socket.destroy();
    });
  }
  routes.push({ matches, handle });
}
