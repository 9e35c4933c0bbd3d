import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Fanout, Peer, Protocol } from '../realtime/fanout.ts';
import { answersPings, type PingedPeer, pingFrameBeat } from '../realtime/rfc-ping.ts';
import { sendIfKeepingUp } from '../realtime/subscriptions.ts';
import { claimUpgrades } from '../realtime/upgrade-paths.ts';
import type { Services } from '../services.ts';
import type { DepthBook } from './depth-book.ts';
import { isFuturesStreamAccount } from './futures-user-events.ts';
import { MarketStreams } from './market-streams.ts';
import { STREAMS_PROTOCOL, type StreamChannel } from './stream-names.ts';
import type { StreamDeps } from './user-stream.ts';

/**
 * Binance's stream protocol over the fan-out: `/ws` (and any `/ws/<path>`, whose segments may name streams) sends
 * each event as it is; `/stream?streams=a/b` wraps each as `{stream, data}`. Text JSON frames; SUBSCRIBE,
 * UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY and GET_PROPERTY answered `{result, id}`, bad requests
 * `{error: {code, msg}, id}`. Heartbeat by RFC 6455 ping frames; a socket that stops answering them is dropped.
 *
 * The market streams are market-streams.ts's channel. A listen key (listen-keys.ts) in the URL (`/ws/<listenKey>`,
 * `/stream?streams=<listenKey>`) or a SUBSCRIBE carries the user data events of its account (spot's, or a margin
 * pair's; user-events.ts) until it is closed, or lapses (then `listenKeyExpired`).
 */
interface StreamPeer extends PingedPeer {
  combined: boolean;
  /** Requests are handled one after another, after the URL's own subscriptions, so that replies follow their order. */
  turn: Promise<void>;
}

/** A stream a name refers to: its channel, and its route with the name as Binance names it back. */
type Stream = { channel: StreamChannel; route: { name: string } };

type Frame = { result: unknown; id: unknown } | { error: { code: number; msg: string }; id: unknown };

const MAX_STREAMS = 1024;
const MAX_REQUEST_BYTES = 64 * 1024;

/** Binance's error codes of the stream protocol. */
const RequestError = { unknownProperty: 0, badValue: 1, badRequest: 2, badJson: 3 } as const;

export function registerOpenApiStreams(
  scope: FastifyInstance,
  services: Services,
  depth: DepthBook,
  deps: StreamDeps,
): void {
  deps.fanout.register(new MarketStreams(deps.fanout, services, depth));
  serveBinanceStreams(scope, services, {
    roots: [''],
    protocol: STREAMS_PROTOCOL,
    topicPrefix: '',
    fanout: deps.fanout,
    users: { ...deps, carries: (account) => !isFuturesStreamAccount(account) },
  });
}

/** Where and how one family's streams are served. */
export interface StreamEndpoint {
  /** For each root, the paths `${root}/ws`, `${root}/ws/...` and `${root}/stream` (under the base path). */
  roots: string[];
  /** The fan-out protocol its channels are registered under. */
  protocol: string;
  /** Its channels' topics are their stream names with this before them, apart from other families' alike names. */
  topicPrefix: string;
  fanout: Fanout;
  /** Listen keys' user data on the same connections, when the family has them: of the accounts it `carries`. */
  users: (StreamDeps & { carries: (account: string) => boolean }) | null;
}

export function serveBinanceStreams(scope: FastifyInstance, services: Services, endpoint: StreamEndpoint): void {
  const roots = endpoint.roots.map((root) => `${services.config.basePath}${root}`);
  const streams = new BinanceStreams(endpoint);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  const rootOf = (path: string) =>
    roots.find((root) => path === `${root}/ws` || path.startsWith(`${root}/ws/`) || path === `${root}/stream`);
  claimUpgrades(
    scope.server,
    (path) => rootOf(path) !== undefined,
    (request, socket, head) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const root = rootOf(url.pathname) as string;
      const combined = url.pathname === `${root}/stream`;
      const named = combined
        ? (url.searchParams.get('streams') ?? '').split('/')
        : url.pathname.slice(`${root}/ws`.length).split('/');
      // Binance's futures private path names the listen key in the query: /fstream/private/ws?listenKey=...
      named.push(url.searchParams.get('listenKey') ?? '');
      wss.handleUpgrade(request, socket, head, (ws) => streams.attach(ws, combined, named.filter(Boolean)));
    },
  );
  scope.addHook('preClose', async () => {
    wss.close();
  });
}

class BinanceStreams implements Protocol {
  readonly name: string;
  private readonly fanout: Fanout;

  constructor(private readonly endpoint: StreamEndpoint) {
    this.name = endpoint.protocol;
    this.fanout = endpoint.fanout;
  }

  beat(peer: Peer): boolean {
    return pingFrameBeat(peer);
  }

  attach(socket: WebSocket, combined: boolean, named: string[]): void {
    const client: StreamPeer = {
      socket,
      protocol: this,
      subscriptions: new Map(),
      combined,
      alive: true,
      turn: Promise.resolve(),
    };
    answersPings(client);
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      const text = isBinary ? null : data.toString();
      client.turn = client.turn.then(() => this.onRequest(client, text)).catch(() => undefined);
    });
    this.fanout.attach(client);
    // Names in the URL that are neither streams nor live listen keys (a client's own connection tag under /ws/...)
    // are ignored, and so is a stream of an unknown market: each is subscribed on its own, in order.
    client.turn = (async () => {
      for (const name of named) {
        const stream = this.streamOf(name);
        if (stream) await this.subscribeAll(client, [stream]);
        else await this.followListenKey(client, name);
      }
    })().catch(() => undefined);
  }

  /** Starts the listen key owner's user data events on this client; false when it is not a live listen key. */
  private async followListenKey(client: StreamPeer, listenKey: string): Promise<boolean> {
    const users = this.endpoint.users;
    if (!users) return false;
    if (client.subscriptions.has(listenKey)) return true;
    const owner = /^[A-Za-z0-9]{1,64}$/.test(listenKey) ? await users.listenKeys.owner(listenKey) : null;
    if (!owner || !users.carries(owner.account) || !this.fanout.attached(client)) return false;
    // A lapsed key says so first, as Binance's do.
    const ended = (lapsed: boolean, now: number) => {
      if (lapsed) this.sendUserEvent(client, listenKey, { e: 'listenKeyExpired', E: now, listenKey });
    };
    users.feed.follow(
      client,
      listenKey,
      owner,
      (events) => {
        for (const event of events) this.sendUserEvent(client, listenKey, event);
      },
      { listenKey, ended },
    );
    return true;
  }

  private unfollowListenKey(client: StreamPeer, listenKey: string): boolean {
    const subscription = client.subscriptions.get(listenKey);
    return (
      subscription !== undefined &&
      this.endpoint.users?.feed.carries(subscription) === true &&
      this.fanout.unsubscribe(client, listenKey)
    );
  }

  private sendUserEvent(client: StreamPeer, listenKey: string, event: unknown): void {
    sendIfKeepingUp(client.socket, JSON.stringify(client.combined ? { stream: listenKey, data: event } : event));
  }

  private async onRequest(client: StreamPeer, text: string | null): Promise<void> {
    let request: { method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(text ?? '');
    } catch {
      return this.reply(client, { error: { code: RequestError.badJson, msg: 'Invalid JSON payload' }, id: null });
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      return this.reply(client, { error: { code: RequestError.badRequest, msg: 'Invalid request' }, id: null });
    const id = request.id ?? null;
    const fail = (code: number, msg: string) => this.reply(client, { error: { code, msg }, id });
    const unknownKey = Object.keys(request).find((k) => k !== 'method' && k !== 'params' && k !== 'id');
    if (unknownKey) return fail(RequestError.unknownProperty, `Unknown property: ${unknownKey}`);
    if (id !== null && !(typeof id === 'string' && id.length <= 36) && !Number.isSafeInteger(id))
      return fail(RequestError.badValue, "Invalid value type: expected an integer or a string for 'id'");
    const params = request.params ?? [];
    if (!Array.isArray(params))
      return fail(RequestError.badValue, "Invalid value type: expected an array for 'params'");

    if (request.method === 'SUBSCRIBE' || request.method === 'UNSUBSCRIBE') {
      const parsed: Stream[] = [];
      for (const p of params) {
        const name = typeof p === 'string' ? p : '';
        const stream = this.streamOf(name);
        if (stream) {
          parsed.push(stream);
          continue;
        }
        // Else a listen key: its owner's user data events on this connection, or no longer.
        const done =
          request.method === 'SUBSCRIBE'
            ? await this.followListenKey(client, name)
            : this.unfollowListenKey(client, name);
        if (!done) return fail(RequestError.badRequest, `Invalid request: unknown stream '${String(p)}'`);
      }
      if (request.method === 'UNSUBSCRIBE') {
        for (const s of parsed) this.fanout.unsubscribe(client, s.route.name);
        return this.reply(client, { result: null, id });
      }
      const refusal = await this.subscribeAll(client, parsed);
      return this.reply(
        client,
        refusal ? { error: { code: RequestError.badRequest, msg: refusal }, id } : { result: null, id },
      );
    }
    if (request.method === 'LIST_SUBSCRIPTIONS') return this.reply(client, { result: this.streamsOf(client), id });
    if (request.method === 'SET_PROPERTY') {
      if (params[0] !== 'combined' || typeof params[1] !== 'boolean')
        return fail(RequestError.badRequest, "Invalid request: SET_PROPERTY takes ['combined', true|false]");
      client.combined = params[1];
      return this.reply(client, { result: null, id });
    }
    if (request.method === 'GET_PROPERTY') {
      if (params[0] !== 'combined') return fail(RequestError.badRequest, 'Invalid request: unknown property');
      return this.reply(client, { result: client.combined, id });
    }
    return fail(RequestError.badRequest, `Invalid request: unknown method '${String(request.method)}'`);
  }

  /** Subscribes to every stream or, when one names an unknown market or the cap is reached, to none. */
  private async subscribeAll(client: StreamPeer, streams: Stream[]): Promise<string | null> {
    for (const s of streams) {
      const refusal = await s.channel.refusal(s.route);
      if (refusal) return refusal;
    }
    const added = streams.filter((s) => !client.subscriptions.has(s.route.name));
    if (this.streamsOf(client).length + added.length > MAX_STREAMS)
      return `Invalid request: at most ${MAX_STREAMS} streams`;
    if (!this.fanout.attached(client)) return null;
    for (const { channel, route } of added) {
      this.fanout.subscribe({
        peer: client,
        key: route.name,
        topic: this.endpoint.topicPrefix + route.name,
        channel,
        route,
        deliver: (message) => {
          const frame = client.combined
            ? message.encoded('combined', (data) => JSON.stringify({ stream: route.name, data }))
            : message.encoded('raw', (data) => JSON.stringify(data));
          sendIfKeepingUp(client.socket, frame);
        },
      });
    }
    return null;
  }

  private streamOf(name: string): Stream | null {
    return this.fanout.find(this.name, name) as Stream | null;
  }

  /** The client's streams (not its listen keys), in the order it subscribed to them. */
  private streamsOf(client: StreamPeer): string[] {
    return [...client.subscriptions.values()].flatMap((s) => (s.channel.protocol === this.name ? [s.key] : []));
  }

  private reply(client: StreamPeer, frame: Frame): void {
    sendIfKeepingUp(client.socket, JSON.stringify(frame));
  }
}
