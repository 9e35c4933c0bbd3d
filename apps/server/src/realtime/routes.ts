import { CO_WS_PATH, WS_PATH } from '@opex/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { SESSION_COOKIE } from '../platform/session-store.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { registerFuturesChannels } from './futures-channels.ts';
import { registerFuturesPrivateChannels } from './futures-private-channels.ts';
import { registerMarketChannels } from './market-channels.ts';
import { ORIGINAL, OriginalProtocol, type SocketSession } from './original-protocol.ts';
import { registerPrivateChannels } from './private-channels.ts';
import { claimUpgrades } from './upgrade-paths.ts';

/**
 * The WebSocket endpoints of the original protocol: spot's (`<basePath>/kline-api/ws`), public market data for anyone
 * and the private channels for the user whose session cookie came with the upgrade request; and the futures socket
 * (`<basePath>/co-kline-api/ws`, co public_info's wsUrl), the contracts' market data and mark prices, and the user's
 * futures positions, orders and accounts.
 */
export async function registerRealtime(app: FastifyInstance, services: Services, fanout: Fanout): Promise<void> {
  const idleMs = 3 * services.config.wsPingMs;
  const spot = new OriginalProtocol(fanout, services.clock, idleMs);
  registerMarketChannels(fanout, spot, services);
  registerPrivateChannels(fanout, spot, services);
  serveOriginal(app, services, WS_PATH, spot);
  const futures = new OriginalProtocol(fanout, services.clock, idleMs, `${ORIGINAL}:futures`);
  registerFuturesChannels(fanout, futures, services);
  registerFuturesPrivateChannels(fanout, futures, services);
  serveOriginal(app, services, CO_WS_PATH, futures);
}

function serveOriginal(app: FastifyInstance, services: Services, wsPath: string, protocol: OriginalProtocol): void {
  const path = `${services.config.basePath}${wsPath}`;
  // No per-message deflate: frames are gzipped once per push, and the fan-out writes framed pushes under ws (frame-batch.ts).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });

  claimUpgrades(
    app.server,
    (pathname) => pathname === path,
    (request, socket, head) =>
      void socketSession(services, request.headers.cookie).then(
        (session) => wss.handleUpgrade(request, socket, head, (ws) => protocol.attach(ws, session)),
        () => socket.destroy(),
      ),
  );

  // Sockets go (with the fan-out) before the HTTP server closes (it would wait for them), then the pending K-lines
  // are written.
  app.addHook('preClose', async () => {
    wss.close();
  });
}

async function socketSession(services: Services, cookieHeader: string | undefined): Promise<SocketSession | null> {
  const token = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  const session = await services.sessions.resolve(token);
  return session && { ...session, token };
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}
