import type { AddressInfo } from 'node:net';
import { getChargeAddress } from '@opex/contract/calls/deposit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { SESSION_COOKIE } from '../src/platform/session-store.ts';
import { adminContext, configureSimulatedChains, ledgerProblems } from './deposit-fixtures.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { on, RealtimeSocket } from './realtime-socket.ts';
import { loginAs } from './trading-fixtures.ts';

/** The deposit list follows pushes: each change of a deposit reaches its owner's private `user_deposits` channel. */
describe.each(testDialects)('deposit pushes on %s', (dialect) => {
  let server: TestServer;
  let url: string;
  const ALICE = 111;
  const BOB = 112;
  const admin = (...argv: string[]) => runAdmin(argv, adminContext(server));
  const poll = () => server.services.deposits.pollOnce();
  const socketOf = async (userId: number) => {
    const token = await server.services.sessions.create(userId, '127.0.0.1', 'vitest');
    const socket = await RealtimeSocket.open(url, `${SESSION_COOKIE}=${token}`);
    socket.send({ event: 'sub', params: { channel: 'user_deposits' } });
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await configureSimulatedChains(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/kline-api/ws`;
  });
  afterAll(async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    await server.close();
  });

  it('pushes a deposit to its owner when seen, at each confirmation as blocks are mined, and when credited', async () => {
    const reply = await (await loginAs(server, ALICE)).call(getChargeAddress, { symbol: 'BTC' });
    expect(reply.code).toBe('0');
    const owner = await socketOf(ALICE);
    const other = await socketOf(BOB);
    const visitor = await RealtimeSocket.open(url);
    visitor.send({ event: 'sub', params: { channel: 'user_deposits', cb_id: 'v' } });
    expect(await visitor.next((f) => f.event_rep === 'error')).toMatchObject({ msg: 'login required' });
    const pushed = () => owner.next(on('user_deposits'));

    await admin('chain', 'send', 'BTC', 'BTC', reply.data.address, '0.5', '--txid', 'push1');
    await poll();
    const seen = await pushed();
    expect(seen.tick).toMatchObject({
      txid: 'push1',
      symbol: 'BTC',
      chain: 'BTC',
      amount: '0.5',
      confirmations: 0,
      requiredConfirmations: 2,
      status: 'pending',
    });
    expect(typeof seen.tick.id).toBe('number');

    await admin('chain', 'mine', 'BTC');
    await poll();
    expect((await pushed()).tick).toMatchObject({ id: seen.tick.id, confirmations: 1, status: 'confirming' });

    await admin('chain', 'mine', 'BTC');
    await poll();
    expect((await pushed()).tick).toMatchObject({ id: seen.tick.id, confirmations: 2, status: 'confirming' });
    expect((await pushed()).tick).toMatchObject({
      id: seen.tick.id,
      confirmations: 2,
      status: 'credited',
      creditedAmount: '0.5',
    });

    // A round that changes nothing pushes nothing; a credited deposit is no longer followed.
    await admin('chain', 'mine', 'BTC');
    await poll();
    await poll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(owner.frames.filter((f) => f.channel === 'user_deposits')).toEqual([]);
    expect(other.frames.filter((f) => f.channel === 'user_deposits')).toEqual([]);
    for (const socket of [owner, other, visitor]) socket.close();
  });
});
