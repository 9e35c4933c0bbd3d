import { WS_PATH } from '@opex/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { SESSION_COOKIE } from '../platform/session-store.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { registerMarketChannels } from './market-channels.ts';
import { OriginalProtocol, type SocketSession } from './original-protocol.ts';
import { registerPrivateChannels } from './private-channels.ts';
import { claimUpgrades } from './upgrade-paths.ts';

/**
 * The WebSocket endpoint (`<basePath>/kline-api/ws`): public market data for anyone; the private channels for the
 * user whose session cookie came with the upgrade request.
 */
export async function registerRealtime(app: FastifyInstance, services: Services, fanout: Fanout): Promise<void> {
  const path = `${services.config.basePath}${WS_PATH}`;
  const protocol = new OriginalProtocol(fanout, services.clock, 3 * services.config.wsPingMs);
  registerMarketChannels(fanout, protocol, services);
  registerPrivateChannels(fanout, protocol, services);
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
