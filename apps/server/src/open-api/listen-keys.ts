import type { FastifyInstance } from 'fastify';
import { randomToken } from '../modules/openapi/api-keys.ts';
import type { Services } from '../services.ts';
import { binanceErrors } from './binance-error.ts';
import { apiKeyCaller, requestParams } from './signed-request.ts';

/**
 * Listen keys of Binance's user data stream: `POST /api/v3/userDataStream` (the API key alone, no signature) gives
 * that API key's listen key, the same one while it lives, extended by 60 minutes at each start or keep-alive
 * (`PUT`); `DELETE` ends it, and so does deleting the API key. A stream opened at /ws/<listenKey> carries the key
 * owner's events until then (streams.ts). The WebSocket API's userDataStream.start, .ping and .stop do the same
 * (user-stream.ts). Kept in the database so a restart does not end a bot's stream; what this node read is held in
 * memory for at most RECHECK_MS (a keep-alive may come through another node, the API key may be deleted).
 */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
/** How long this node trusts what it last read of a listen key. */
const RECHECK_MS = 30_000;

export interface ListenKeyOwner {
  userId: number;
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

  /** The API key's listen key (a new one when none is alive), valid for 60 minutes from now. */
  async start(apiKey: string | undefined, ip: string): Promise<string> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const { db } = this.services.database;
    const apiKeyId = Number(key.id);
    const userId = Number(key.user_id);
    const now = this.services.clock.now();
    const expiresAt = now + LISTEN_KEY_TTL_MS;
    const alive = await db
      .selectFrom('listen_keys')
      .select('listen_key')
      .where('api_key_id', '=', apiKeyId)
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
          user_id: userId,
          expires_at: expiresAt,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.column('api_key_id').doUpdateSet({ listen_key: listenKey, expires_at: expiresAt, created_at: now }),
        )
        .execute();
    }
    this.known.set(listenKey, { apiKeyId, userId, expiresAt, readAt: now });
    return listenKey;
  }

  /** Extends the caller's live listen key by 60 minutes from now; -1125 when it is not theirs or has lapsed. */
  async keepAlive(apiKey: string | undefined, ip: string, listenKey: string): Promise<void> {
    const owner = await this.ownedBy(apiKey, ip, listenKey);
    const now = this.services.clock.now();
    const expiresAt = now + LISTEN_KEY_TTL_MS;
    await this.services.database.db
      .updateTable('listen_keys')
      .set({ expires_at: expiresAt })
      .where('listen_key', '=', listenKey)
      .execute();
    this.known.set(listenKey, { ...owner, expiresAt, readAt: now });
  }

  /** Ends the caller's listen key: its streams stop carrying events. */
  async close(apiKey: string | undefined, ip: string, listenKey: string): Promise<void> {
    await this.ownedBy(apiKey, ip, listenKey);
    await this.services.database.db.deleteFrom('listen_keys').where('listen_key', '=', listenKey).execute();
    this.known.delete(listenKey);
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
      .select(['l.api_key_id', 'l.user_id', 'l.expires_at'])
      .where('l.listen_key', '=', listenKey)
      .executeTakeFirst();
    if (!row) {
      this.known.delete(listenKey);
      return null;
    }
    const found = {
      apiKeyId: Number(row.api_key_id),
      userId: Number(row.user_id),
      expiresAt: Number(row.expires_at),
      readAt: now,
    };
    this.known.set(listenKey, found);
    return found;
  }

  /** The caller's own live listen key (made with the same API key), else -1125. */
  private async ownedBy(apiKey: string | undefined, ip: string, listenKey: string): Promise<Known> {
    const key = await apiKeyCaller(this.services, apiKey, ip);
    const found = await this.read(listenKey);
    if (!found || found.apiKeyId !== Number(key.id) || found.expiresAt <= this.services.clock.now())
      throw binanceErrors.noListenKey();
    return found;
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
