import type { FastifyInstance } from 'fastify';
import { randomToken } from '../modules/openapi/api-keys.ts';
import type { Services } from '../platform/services.ts';
import { binanceErrors } from './binance-error.ts';
import { apiKeyCaller, requestParams } from './signed-request.ts';

/**
 * Listen keys of Binance's user data stream: `POST /api/v3/userDataStream` (the API key alone, no signature) gives
 * the key owner's listen key, the same one while it lives, extended by 60 minutes at each start or keep-alive
 * (`PUT`); `DELETE` ends it. A stream opened at /ws/<listenKey> carries the owner's events until then (streams.ts).
 * The WebSocket API's userDataStream.start, .ping and .stop do the same (user-stream.ts). Kept in the database so a
 * restart does not end a bot's stream. The times of the keys this node knows are also held in memory, read again
 * from the database once they pass (a keep-alive may have come through another node).
 */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;

export interface ListenKeyOwner {
  userId: number;
  expiresAt: number;
}

export class ListenKeys {
  /** listen key -> its owner and expiry, as last read or changed by this node. */
  private readonly known = new Map<string, ListenKeyOwner>();

  constructor(private readonly services: Services) {}

  /** The key owner's listen key (a new one when none is alive), valid for 60 minutes from now. */
  async start(apiKey: string | undefined, ip: string): Promise<string> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const { db } = this.services.database;
    const userId = Number(key.user_id);
    const now = this.services.clock.now();
    const expiresAt = now + LISTEN_KEY_TTL_MS;
    const alive = await db
      .selectFrom('listen_keys')
      .select('listen_key')
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (alive) {
      await db.updateTable('listen_keys').set({ expires_at: expiresAt }).where('user_id', '=', userId).execute();
      this.known.set(alive.listen_key, { userId, expiresAt });
      return alive.listen_key;
    }
    const listenKey = randomToken(60);
    // The user's lapsed key, if any, is replaced.
    await db
      .insertInto('listen_keys')
      .values({ listen_key: listenKey, user_id: userId, expires_at: expiresAt, created_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ listen_key: listenKey, expires_at: expiresAt, created_at: now }),
      )
      .execute();
    this.known.set(listenKey, { userId, expiresAt });
    return listenKey;
  }

  /** Extends the caller's live listen key by 60 minutes from now; -1125 when it is not theirs or has lapsed. */
  async keepAlive(apiKey: string | undefined, ip: string, listenKey: string): Promise<void> {
    const owner = await this.ownedBy(apiKey, ip, listenKey);
    const expiresAt = this.services.clock.now() + LISTEN_KEY_TTL_MS;
    await this.services.database.db
      .updateTable('listen_keys')
      .set({ expires_at: expiresAt })
      .where('listen_key', '=', listenKey)
      .execute();
    this.known.set(listenKey, { userId: owner.userId, expiresAt });
  }

  /** Ends the caller's listen key: its streams stop carrying events. */
  async close(apiKey: string | undefined, ip: string, listenKey: string): Promise<void> {
    await this.ownedBy(apiKey, ip, listenKey);
    await this.services.database.db.deleteFrom('listen_keys').where('listen_key', '=', listenKey).execute();
    this.known.delete(listenKey);
  }

  /** A live listen key's owner, or null (unknown, closed or lapsed); read again once its known time has passed. */
  async owner(listenKey: string): Promise<ListenKeyOwner | null> {
    const now = this.services.clock.now();
    const cached = this.known.get(listenKey);
    if (cached && cached.expiresAt > now) return cached;
    const row = await this.services.database.db
      .selectFrom('listen_keys')
      .select(['user_id', 'expires_at'])
      .where('listen_key', '=', listenKey)
      .executeTakeFirst();
    if (!row) {
      this.known.delete(listenKey);
      return null;
    }
    const found = { userId: Number(row.user_id), expiresAt: Number(row.expires_at) };
    this.known.set(listenKey, found);
    return found.expiresAt > now ? found : null;
  }

  /** Whether a streamed key still lives, has lapsed (its time ran out) or was closed (it no longer exists). */
  async state(listenKey: string): Promise<'alive' | 'lapsed' | 'closed'> {
    if (await this.owner(listenKey)) return 'alive';
    return this.known.has(listenKey) ? 'lapsed' : 'closed';
  }

  private async ownedBy(apiKey: string | undefined, ip: string, listenKey: string): Promise<ListenKeyOwner> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const owner = await this.owner(listenKey);
    if (!owner || owner.userId !== Number(key.user_id)) throw binanceErrors.noListenKey();
    return owner;
  }
}

/** POST, PUT and DELETE /api/v3/userDataStream. */
export function registerListenKeyRoutes(scope: FastifyInstance, listenKeys: ListenKeys): void {
  const apiKeyOf = (header: string | string[] | undefined) => (Array.isArray(header) ? undefined : header);
  scope.post('/userDataStream', async (request) => {
    requestParams(request).done();
    return { listenKey: await listenKeys.start(apiKeyOf(request.headers['x-mbx-apikey']), request.ip) };
  });
  scope.put('/userDataStream', async (request) => {
    const params = requestParams(request);
    const listenKey = params.required('listenKey');
    params.done();
    await listenKeys.keepAlive(apiKeyOf(request.headers['x-mbx-apikey']), request.ip, listenKey);
    return {};
  });
  scope.delete('/userDataStream', async (request) => {
    const params = requestParams(request);
    const listenKey = params.required('listenKey');
    params.done();
    await listenKeys.close(apiKeyOf(request.headers['x-mbx-apikey']), request.ip, listenKey);
    return {};
  });
}
