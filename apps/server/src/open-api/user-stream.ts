import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Fanout, Peer, Protocol } from '../realtime/fanout.ts';
import { answersPings, type PingedPeer, pingFrameBeat } from '../realtime/rfc-ping.ts';
import { claimUpgrades } from '../realtime/upgrade-paths.ts';
import type { Services } from '../services.ts';
import { BinanceCode, BinanceError, binanceErrors } from './binance-error.ts';
import { isFuturesStreamAccount } from './futures-user-events.ts';
import type { ListenKeys } from './listen-keys.ts';
import { QueryParams } from './query-params.ts';
import { authenticate, type Permission, type SignedCaller } from './signed-request.ts';
import type { FollowedAccount, UserEventFeed } from './user-events.ts';
import { type WsApiMethod, wsApiTradingMethods } from './ws-api-trading.ts';

/**
 * Binance's WebSocket API (`/ws-api/v3`): requests {id, method, params}, answers {id, status, result} or
 * {id, status, error: {code, msg}}. The user data stream, the way current Binance clients (CCXT's watchOrders,
 * watchBalance, watchMyTrades) follow their own orders: `userDataStream.subscribe.signature` with
 * {apiKey, timestamp, signature} (HMAC-SHA256 of the other parameters sorted by name, as name=value joined by &)
 * subscribes the connection to the key owner's spot events (user-events.ts), each sent as {subscriptionId, event};
 * `userDataStream.subscribe.listenToken` with {listenToken} (POST /sapi/v1/userListenToken, how CCXT follows a
 * margin pair) to the events of the account the token was made for.
 * Also answered: ping, time, userDataStream.unsubscribe, the listen-key calls userDataStream.start, .ping and .stop
 * (listen-keys.ts), and the signed trading methods of ws-api-trading.ts (order.place, account.status...).
 */
interface Subscriber extends PingedPeer {
  nextId: number;
  ip: string;
  turn: Promise<void>;
}

/** What the Open API's WebSocket protocols share: the fan-out, the user data events and the listen keys. */
export interface StreamDeps {
  fanout: Fanout;
  feed: UserEventFeed;
  listenKeys: ListenKeys;
}

export function registerOpenApiUserStream(scope: FastifyInstance, services: Services, deps: StreamDeps): void {
  const base = services.config.basePath;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const wsApi = new WsApi(services, deps);
  claimUpgrades(
    scope.server,
    (path) => path === `${base}/ws-api/v3`,
    (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wsApi.attach(ws, request)),
  );
  scope.addHook('preClose', async () => {
    wss.close();
  });
}

/** Binance's WebSocket API over the fan-out: each user data subscription is one of the fan-out's. */
class WsApi implements Protocol {
  readonly name = 'binance-ws-api';
  private readonly trust: ((addr: string, i: number) => boolean) | null;
  private readonly trading: Record<string, WsApiMethod>;

  constructor(
    private readonly services: Services,
    private readonly deps: StreamDeps,
  ) {
    this.trust = services.config.trustProxy.length ? proxyAddr.compile(services.config.trustProxy) : null;
    this.trading = wsApiTradingMethods(services);
  }

  beat(peer: Peer): boolean {
    return pingFrameBeat(peer);
  }

  attach(socket: WebSocket, request: IncomingMessage): void {
    const client: Subscriber = {
      socket,
      protocol: this,
      subscriptions: new Map(),
      nextId: 0,
      alive: true,
      // The address the key's whitelist is checked against: the forwarded one only from a trusted proxy, as for REST.
      ip: this.trust ? proxyAddr(request, this.trust) : (request.socket.remoteAddress ?? ''),
      turn: Promise.resolve(),
    };
    answersPings(client);
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? '' : data.toString();
      client.turn = client.turn.then(() => this.onRequest(client, text)).catch(() => undefined);
    });
    this.deps.fanout.attach(client);
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
        return { listenKey: (await listenKeys.start(values.apiKey, client.ip)).listenKey };
      case 'userDataStream.ping':
        await listenKeys.keepAlive(values.apiKey, client.ip, keyOnly());
        return {};
      case 'userDataStream.stop':
        await listenKeys.close(values.apiKey, client.ip, keyOnly());
        return {};
      case 'userDataStream.subscribe.signature': {
        const { userId, params: read } = await this.signed(client, values, 'read');
        read.done();
        return this.follow(client, { userId, account: 'exchange' });
      }
      case 'userDataStream.subscribe.listenToken': {
        const read = new QueryParams(values);
        const listenToken = read.required('listenToken');
        const owner = await listenKeys.owner(listenToken);
        read.done();
        // A futures family's keys stream on its own paths (/fstream, /dstream).
        if (!owner || isFuturesStreamAccount(owner.account)) throw binanceErrors.noListenKey();
        return this.follow(client, owner, listenToken);
      }
      case 'userDataStream.unsubscribe': {
        const wanted = values.subscriptionId === undefined ? null : Number(values.subscriptionId);
        for (const key of [...client.subscriptions.keys()]) {
          if (wanted === null || Number(key) === wanted) this.deps.fanout.unsubscribe(client, key);
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

  /**
   * Subscribes the connection to the account's events, each sent as {subscriptionId, event}; made with a listen
   * token, until the token is closed or lapses (then eventStreamTerminated, as Binance ends a subscription).
   */
  private follow(client: Subscriber, followed: FollowedAccount, listenToken?: string): { subscriptionId: number } {
    const subscriptionId = client.nextId++;
    const ended = (_lapsed: boolean, now: number) =>
      this.send(client, { subscriptionId, event: { e: 'eventStreamTerminated', E: now } });
    this.deps.feed.follow(
      client,
      String(subscriptionId),
      followed,
      (events) => {
        for (const event of events) this.send(client, { subscriptionId, event });
      },
      listenToken === undefined ? undefined : { listenKey: listenToken, ended },
    );
    return { subscriptionId };
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
