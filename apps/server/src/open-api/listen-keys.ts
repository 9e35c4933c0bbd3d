import type { FastifyInstance } from 'fastify';
import { leverAccount } from '../ledger/accounts.ts';
import { randomToken } from '../modules/openapi/api-keys.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { isolatedPair, requireIsolated } from './margin-params.ts';
import type { QueryParams } from './query-params.ts';
import { apiKeyCaller, requestParams } from './signed-request.ts';

/**
 * Listen keys of Binance's user data stream: `POST /api/v3/userDataStream` (the API key alone, no signature) gives
 * that API key's listen key, the same one while it lives, extended by 60 minutes at each start or keep-alive
 * (`PUT`); `DELETE` ends it, and so does deleting the API key. `/sapi/v1/userDataStream/isolated?symbol=` does the
 * same for the pair's isolated margin account: a key belongs to one account (one key per API key and account).
 * A stream opened at /ws/<listenKey> carries that account's events until then (streams.ts). The WebSocket API's
 * userDataStream.start, .ping and .stop do the same for spot's (user-stream.ts). Kept in the database so a restart
 * does not end a bot's stream; what this node read is held in memory for at most RECHECK_MS (a keep-alive may come
 * through another node, the API key may be deleted).
 */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
/** How long this node trusts what it last read of a listen key. */
const RECHECK_MS = 30_000;
/** Spot's account, the one /api/v3/userDataStream's keys (and every key before 0031) follow. */
const SPOT_ACCOUNT = 'exchange';

export interface ListenKeyOwner {
  userId: number;
  /** The account whose events the key carries: `exchange` (spot) or `lever:<PAIR>`. */
  account: string;
  expiresAt: number;
}

/** A listen key as started: the key and when it lapses unless kept alive. */
export interface ListenKeyGrant {
  listenKey: string;
  expiresAt: number;
}

interface Known extends ListenKeyOwner {
  apiKeyId: number;
  readAt: number;
}

export class ListenKeys {
  /** listen key -> what this node last read or wrote of it. */
  private readonly known = new Map<string, Known>();

  constructor(private readonly services: Services) {}

  /** The API key's listen key of the account (a new one when none is alive), valid for `ttlMs` from now. */
  async start(
    apiKey: string | undefined,
    ip: string,
    account = SPOT_ACCOUNT,
    ttlMs = LISTEN_KEY_TTL_MS,
  ): Promise<ListenKeyGrant> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const { db } = this.services.database;
    const apiKeyId = Number(key.id);
    const userId = Number(key.user_id);
    const now = this.services.clock.now();
    const expiresAt = now + ttlMs;
    const alive = await db
      .selectFrom('listen_keys')
      .select('listen_key')
      .where('api_key_id', '=', apiKeyId)
      .where('account', '=', account)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const listenKey = alive?.listen_key ?? randomToken(60);
    if (alive) {
      await db.updateTable('listen_keys').set({ expires_at: expiresAt }).where('listen_key', '=', listenKey).execute();
    } else {
      // The key's lapsed listen key, if any, is replaced.
      await db
        .insertInto('listen_keys')
        .values({
          listen_key: listenKey,
          api_key_id: apiKeyId,
          account,
          user_id: userId,
          expires_at: expiresAt,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['api_key_id', 'account'])
            .doUpdateSet({ listen_key: listenKey, expires_at: expiresAt, created_at: now }),
        )
        .execute();
    }
    this.known.set(listenKey, { apiKeyId, userId, account, expiresAt, readAt: now });
    return { listenKey, expiresAt };
  }

  /**
   * Extends the caller's live listen key of the account by 60 minutes from now; -1125 when it is not theirs, is
   * another account's or has lapsed.
   */
  async keepAlive(apiKey: string | undefined, ip: string, listenKey: string, account = SPOT_ACCOUNT): Promise<void> {
    const owner = await this.ownedBy(apiKey, ip, listenKey, account);
    const now = this.services.clock.now();
    const expiresAt = now + LISTEN_KEY_TTL_MS;
    await this.services.database.db
      .updateTable('listen_keys')
      .set({ expires_at: expiresAt })
      .where('listen_key', '=', listenKey)
      .execute();
    this.known.set(listenKey, { ...owner, expiresAt, readAt: now });
  }

  /** Ends the caller's listen key of the account: its streams stop carrying events. */
  async close(apiKey: string | undefined, ip: string, listenKey: string, account = SPOT_ACCOUNT): Promise<void> {
    await this.ownedBy(apiKey, ip, listenKey, account);
    await this.services.database.db.deleteFrom('listen_keys').where('listen_key', '=', listenKey).execute();
    this.known.delete(listenKey);
  }

  /** The caller's live listen key of the account (Binance's futures keep-alive and close name none), else -1125. */
  async live(apiKey: string | undefined, ip: string, account: string): Promise<string> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const row = await this.services.database.db
      .selectFrom('listen_keys')
      .select('listen_key')
      .where('api_key_id', '=', Number(key.id))
      .where('account', '=', account)
      .where('expires_at', '>', this.services.clock.now())
      .executeTakeFirst();
    if (!row) throw binanceErrors.noListenKey();
    return row.listen_key;
  }

  /** A live listen key's owner, or null (unknown, closed, lapsed, or its API key deleted). */
  async owner(listenKey: string): Promise<ListenKeyOwner | null> {
    const found = await this.read(listenKey);
    return found && found.expiresAt > this.services.clock.now() ? found : null;
  }

  /** Whether a streamed key still lives, has lapsed (its time ran out) or was closed (it no longer exists). */
  async state(listenKey: string): Promise<'alive' | 'lapsed' | 'closed'> {
    const found = await this.read(listenKey);
    if (!found) return 'closed';
    return found.expiresAt > this.services.clock.now() ? 'alive' : 'lapsed';
  }

  /** The listen key as this node knows it, read again from the database when that is older than RECHECK_MS. */
  private async read(listenKey: string): Promise<Known | null> {
    const now = this.services.clock.now();
    const cached = this.known.get(listenKey);
    if (cached && now - cached.readAt < RECHECK_MS && cached.expiresAt > now) return cached;
    const row = await this.services.database.db
      .selectFrom('listen_keys as l')
      .innerJoin('api_keys as k', 'k.id', 'l.api_key_id')
      .select(['l.api_key_id', 'l.account', 'l.user_id', 'l.expires_at'])
      .where('l.listen_key', '=', listenKey)
      .executeTakeFirst();
    if (!row) {
      this.known.delete(listenKey);
      return null;
    }
    const found = {
      apiKeyId: Number(row.api_key_id),
      userId: Number(row.user_id),
      account: row.account,
      expiresAt: Number(row.expires_at),
      readAt: now,
    };
    this.known.set(listenKey, found);
    return found;
  }

  /** The caller's own live listen key of the account (made with the same API key), else -1125. */
  private async ownedBy(apiKey: string | undefined, ip: string, listenKey: string, account: string): Promise<Known> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const found = await this.read(listenKey);
    if (
      !found ||
      found.apiKeyId !== Number(key.id) ||
      found.account !== account ||
      found.expiresAt <= this.services.clock.now()
    )
      throw binanceErrors.noListenKey();
    return found;
  }
}

/**
 * POST, PUT and DELETE of a user data stream path: /api/v3/userDataStream (spot's) and, under /sapi,
 * /v1/userDataStream/isolated (a margin pair's, named by `symbol`), and the futures families' /v1/listenKey, whose
 * PUT and DELETE may leave out the key (`futures`: the caller's live one of the account; PUT answers it).
 */
export function registerListenKeyRoutes(
  scope: FastifyInstance,
  listenKeys: ListenKeys,
  path: string,
  accountOf: (params: QueryParams) => string,
  futures = false,
): void {
  const apiKeyOf = (header: string | string[] | undefined) => (Array.isArray(header) ? undefined : header);
  scope.post(path, async (request) => {
    const params = requestParams(request);
    const account = accountOf(params);
    params.done();
    const { listenKey } = await listenKeys.start(apiKeyOf(request.headers['x-mbx-apikey']), request.ip, account);
    return { listenKey };
  });
  for (const method of ['put', 'delete'] as const) {
    scope[method](path, async (request) => {
      const params = requestParams(request);
      const account = accountOf(params);
      const named = futures ? params.optional('listenKey') : params.required('listenKey');
      params.done();
      const apiKey = apiKeyOf(request.headers['x-mbx-apikey']);
      const listenKey = named ?? (await listenKeys.live(apiKey, request.ip, account));
      if (method === 'put') await listenKeys.keepAlive(apiKey, request.ip, listenKey, account);
      else await listenKeys.close(apiKey, request.ip, listenKey, account);
      return futures && method === 'put' ? { listenKey } : {};
    });
  }
}

/** Spot's listen keys take no account parameter. */
export const spotAccount = (): string => SPOT_ACCOUNT;

/** An isolated key's account: the margin pair named by `symbol` (-1102 without it, -3028 when not a margin pair). */
export const isolatedAccount =
  (services: Services) =>
  (params: QueryParams): string =>
    leverAccount(isolatedPair(services, params).symbol);

/** Binance's longest and default validity of a listen token: 24 hours. */
const TOKEN_VALIDITY_MS = 24 * 60 * 60_000;

/**
 * POST /sapi/v1/userListenToken (the API key alone), how current clients (CCXT pro) follow a margin account over
 * the WebSocket API (userDataStream.subscribe.listenToken): `symbol` and isIsolated=TRUE name the pair (cross
 * margin does not exist here), `validity` (ms, at most and by default 24 hours) how long it lives. The token is the
 * pair's listen key, started for that long: {token, expirationTime} (so the isolated key's start or keep-alive sets
 * it to 60 minutes from then, as a token sets that key's life).
 */
export function registerListenTokenRoute(scope: FastifyInstance, services: Services, listenKeys: ListenKeys): void {
  scope.post('/v1/userListenToken', async (request) => {
    const params = requestParams(request);
    requireIsolated(params);
    const account = isolatedAccount(services)(params);
    const validity = params.optional('validity') ?? String(TOKEN_VALIDITY_MS);
    params.done();
    if (!/^[1-9][0-9]{0,8}$/.test(validity) || Number(validity) > TOKEN_VALIDITY_MS)
      throw binanceErrors.illegal('validity');
    const header = request.headers['x-mbx-apikey'];
    const apiKey = Array.isArray(header) ? undefined : header;
    const grant = await listenKeys.start(apiKey, request.ip, account, Number(validity));
    return { token: grant.listenKey, expirationTime: grant.expiresAt };
  });
}
