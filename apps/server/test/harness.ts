import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallDef, CallReply, CallRequest } from '@opex/contract/call';
import { callPath } from '@opex/contract/call';
import type { Envelope } from '@opex/contract/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, type Dialect, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ManualClock } from '../src/platform/clock.ts';
import type { Services } from '../src/services.ts';
import { createServices } from '../src/services.ts';

/**
 * Test harness: a real app on a real database. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it, and then an unreachable server fails the run instead of skipping).
 */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  drop(): Promise<void>;
}

/** A fresh database; SQLite in memory unless `onFile` (the trading core then writes from its writer thread). */
export async function openTestDatabase(dialect: Dialect, onFile = false): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = onFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'opex-test-')) : null;
    const handle = openDatabase({ sqliteFile: dir ? path.join(dir, 'opex.sqlite') : ':memory:' });
    await migrateToLatest(handle.db, handle.dialect);
    return {
      ...handle,
      drop: async () => {
        await handle.close();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(handle.db, handle.dialect, schema);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  clock: ManualClock;
  /** A browser-like client: keeps cookies and echoes the XSRF token. */
  client(): TestClient;
  /** Stops the app and starts a new one on the same database, as a process restart does (app and services change). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(
  dialect: Dialect,
  options: { config?: Partial<Config>; env?: NodeJS.ProcessEnv; captcha?: boolean } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(dialect);
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  // The deposit watcher's timer is off in tests; a test polls, or passes CHAIN_POLL_MS to run it.
  const config = loadConfig(
    { LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', CHAIN_POLL_MS: '0', ...options.env },
    options.config,
  );
  const services = await createServices(config, database, { clock, checkReplies: true });
  // A fresh install asks for the proof-of-work captcha; suites that do not test it switch it off.
  if (!options.captcha) await services.settings.setSwitch('verificationType', '0');
  const app = await buildApp(services, { logger: false });
  await app.ready();
  const server: TestServer = {
    app,
    services,
    clock,
    client: () => new TestClient(server.app),
    restart: async () => {
      await server.app.close();
      server.services = await createServices(config, database, { clock, checkReplies: true });
      server.app = await buildApp(server.services, { logger: false });
      await server.app.ready();
    },
    close: async () => {
      await server.app.close();
      await database.drop();
    },
  };
  return server;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  /** Calls a contract call with this client's cookies and XSRF token; returns the parsed envelope. */
  async call<C extends CallDef>(
    call: C,
    input: CallRequest<C> | Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Envelope<CallReply<C>> & { status: number }> {
    if (call.writes && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/health');
    const response = await this.request(call.method, callPath(call), input, headers);
    return { ...(response.json() as Envelope<CallReply<C>>), status: response.statusCode };
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method,
      url,
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload as object }),
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
}
