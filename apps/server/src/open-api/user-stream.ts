import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { claimUpgrades } from '../realtime/upgrade-paths.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError } from './binance-error.ts';
import type { ListenKeys } from './listen-keys.ts';
import { QueryParams } from './query-params.ts';
import { authenticate, type Permission, type SignedCaller } from './signed-request.ts';
import type { UserEventFeed } from './user-events.ts';
import { type WsApiMethod, wsApiTradingMethods } from './ws-api-trading.ts';

/**
 * Binance's WebSocket API (`/ws-api/v3`): requests {id, method, params}, answers {id, status, result} or
 * {id, status, error: {code, msg}}. The user data stream, the way current Binance clients (CCXT's watchOrders,
 * watchBalance, watchMyTrades) follow their own orders: `userDataStream.subscribe.signature` with
 * {apiKey, timestamp, signature} (HMAC-SHA256 of the other parameters sorted by name, as name=value joined by &)
 * subscribes the connection to the key owner's events (user-events.ts), each sent as {subscriptionId, event}.
 * Also answered: ping, time, userDataStream.unsubscribe, the listen-key calls userDataStream.start, .ping and .stop
 * (listen-keys.ts), and the signed trading methods of ws-api-trading.ts (order.place, account.status...).
 */
interface Subscriber {
  socket: WebSocket;
  /** subscriptionId -> the function that ends it. */
  subscriptions: Map<number, () => void>;
  nextId: number;
  alive: boolean;
  ip: string;
  turn: Promise<void>;
}

export interface UserStreamDeps {
  feed: UserEventFeed;
  listenKeys: ListenKeys;
}

export function registerOpenApiUserStream(scope: FastifyInstance, services: Services, deps: UserStreamDeps): void {
  const base = services.config.basePath;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const hub = new WsApiHub(services, deps);
  claimUpgrades(
    scope.server,
    (path) => path === `${base}/ws-api/v3`,
    (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => hub.attach(ws, request)),
  );
  scope.addHook('preClose', async () => {
    hub.stop();
    wss.close();
  });
}

class WsApiHub {
  private readonly clients = new Set<Subscriber>();
  private readonly timer: NodeJS.Timeout;
  private readonly trust: ((addr: string, i: number) => boolean) | null;
  private readonly trading: Record<string, WsApiMethod>;

  constructor(
    private readonly services: Services,
    private readonly deps: UserStreamDeps,
  ) {
    this.trust = services.config.trustProxy.length ? proxyAddr.compile(services.config.trustProxy) : null;
    this.timer = setInterval(() => this.heartbeat(), services.config.wsPingMs);
    this.trading = wsApiTradingMethods(services);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const c of [...this.clients]) {
      c.socket.terminate();
      this.detach(c);
    }
  }

  attach(socket: WebSocket, request: IncomingMessage): void {
    const client: Subscriber = {
      socket,
      subscriptions: new Map(),
      nextId: 0,
      alive: true,
      // The address the key's whitelist is checked against: the forwarded one only from a trusted proxy, as for REST.
      ip: this.trust ? proxyAddr(request, this.trust) : (request.socket.remoteAddress ?? ''),
      turn: Promise.resolve(),
    };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? '' : data.toString();
      client.turn = client.turn.then(() => this.onRequest(client, text)).catch(() => undefined);
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => socket.terminate());
  }

  private detach(client: Subscriber): void {
    if (!this.clients.delete(client)) return;
    for (const end of client.subscriptions.values()) end();
    client.subscriptions.clear();
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  private send(client: Subscriber, frame: unknown): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  private async onRequest(client: Subscriber, text: string): Promise<void> {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(text);
      if (typeof request !== 'object' || request === null || Array.isArray(request)) throw new Error('not an object');
    } catch {
      return this.send(client, { id: null, status: 400, error: { code: -1000, msg: 'Invalid JSON payload' } });
    }
    const id = typeof request.id === 'string' || typeof request.id === 'number' ? request.id : null;
    try {
      const params = request.params ?? {};
      if (typeof params !== 'object' || params === null || Array.isArray(params))
        throw new BinanceError(BinanceCode.illegalChars, "Illegal characters found in parameter 'params'.");
      const values = stringParams(params as Record<string, unknown>);
      const result = await this.answer(client, String(request.method), values);
      return this.send(client, { id, status: 200, result, rateLimits: [] });
    } catch (error) {
      const refusal =
        error instanceof BinanceError
          ? error
          : new BinanceError(BinanceCode.unknown, 'An unknown error occurred while processing the request.');
      return this.send(client, { id, status: refusal.httpStatus, error: refusal.toJSON() });
    }
  }

  private async answer(client: Subscriber, method: string, values: Record<string, string>): Promise<unknown> {
    const { listenKeys } = this.deps;
    const keyOnly = () => {
      const read = new QueryParams(values);
      const listenKey = method === 'userDataStream.start' ? '' : read.required('listenKey');
      read.optional('apiKey');
      read.done();
      return listenKey;
    };
    switch (method) {
      case 'ping':
        return {};
      case 'time':
        return { serverTime: this.services.clock.now() };
      case 'userDataStream.start':
        keyOnly();
        return { listenKey: await listenKeys.start(values.apiKey, client.ip) };
      case 'userDataStream.ping':
        await listenKeys.keepAlive(values.apiKey, client.ip, keyOnly());
        return {};
      case 'userDataStream.stop':
        await listenKeys.close(values.apiKey, client.ip, keyOnly());
        return {};
      case 'userDataStream.subscribe.signature': {
        const { userId, params: read } = await this.signed(client, values, 'read');
        read.done();
        const subscriptionId = client.nextId++;
        const end = this.deps.feed.watch(userId, (events) => {
          for (const event of events) this.send(client, { subscriptionId, event });
        });
        client.subscriptions.set(subscriptionId, end);
        return { subscriptionId };
      }
      case 'userDataStream.unsubscribe': {
        const wanted = values.subscriptionId === undefined ? null : Number(values.subscriptionId);
        for (const [sid, end] of [...client.subscriptions]) {
          if (wanted !== null && sid !== wanted) continue;
          end();
          client.subscriptions.delete(sid);
        }
        return {};
      }
      default: {
        const trading = this.trading[method];
        if (!trading) throw new BinanceError(BinanceCode.unsupportedOperation, 'Unsupported operation.');
        return trading.run(await this.signed(client, values, trading.permission));
      }
    }
  }

  /** A signed request's caller: the signature covers the other parameters sorted by name, as name=value with &. */
  private signed(client: Subscriber, values: Record<string, string>, permission: Permission): Promise<SignedCaller> {
    const payload = Object.keys(values)
      .filter((k) => k !== 'signature')
      .sort()
      .map((k) => `${k}=${values[k]}`)
      .join('&');
    return authenticate(
      this.services,
      { apiKey: values.apiKey, ip: client.ip, params: () => new QueryParams(values), payload },
      permission,
    ).then((caller) => {
      caller.params.optional('apiKey');
      return caller;
    });
  }
}

function stringParams(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else throw new BinanceError(BinanceCode.illegalChars, `Illegal characters found in parameter '${name}'.`);
  }
  return out;
}
