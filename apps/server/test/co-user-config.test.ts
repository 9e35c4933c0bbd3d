import {
  createCoId,
  editUserPageConfig,
  getUserConfig,
  levelEdit,
  marginModelEdit,
} from '@opex/contract/calls/co-user';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContext } from '../src/admin/admin-command.ts';
import { runAdmin } from '../src/admin/commands.ts';
import { linearContractAdd } from './futures-fixtures.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { loginAs } from './trading-fixtures.ts';

const contract = linearContractAdd;

describe.each(testDialects)('the futures user settings on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  /** 125x at most (E-BTC-USDT), 10x at most (an inverse E-BTC-USD), no brackets yet (E-ETH-USDT), delisted. */
  const ids = { linear: 0, inverse: 0, bare: 0, delisted: 0 };
  const ALICE = 7001;
  const BOB = 7002;
  const CAROL = 7003;
  const db = () => server.services.database.db;
  const stored = async () => ({
    users: await db().selectFrom('futures_users').selectAll().orderBy('user_id').execute(),
    config: await db()
      .selectFrom('futures_user_config')
      .selectAll()
      .orderBy('user_id')
      .orderBy('contract_id')
      .execute(),
  });
  const config = async (client: TestClient, contractId: number) => {
    const reply = await client.call(getUserConfig, { contractId });
    expect(reply.code).toBe('0');
    return reply.data;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const ctx: AdminContext = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    const admin = (...argv: string[]) => runAdmin(argv, ctx);
    for (const [symbol, name] of [
      ['BTC', 'Bitcoin'],
      ['USDT', 'Tether USD'],
      ['ETH', 'Ether'],
    ] as const) {
      await admin('coin', 'add', '--symbol', symbol, '--name', name, '--show-precision', '6', '--scale', '8');
    }
    const idOf = (message: string) => Number(/\(id (\d+)\)/.exec(message)?.[1]);
    ids.linear = idOf(await admin(...contract('USDT')));
    await admin('contract', 'brackets', 'E-BTC-USDT', '--tiers', '50000:125:0.004,250000:100:0.005,1000000:50:0.01');
    ids.inverse = idOf(await admin(...contract('USD', '--side', 'inverse', '--multiplier', '100')));
    await admin('contract', 'brackets', 'E-BTC-USD', '--tiers', '10:10:0.01,100:5:0.02');
    ids.bare = idOf(await admin(...contract('USDT', '--base', 'ETH')));
    ids.delisted = idOf(await admin(...contract('ETH', '--quote', 'BTC', '--base', 'ETH')));
    await admin('contract', 'delist', 'E-ETH-BTC');
    alice = await loginAs(server, ALICE);
    bob = await loginAs(server, BOB);
  });
  afterAll(() => server.close());

  it('needs a session for every call', async () => {
    const visitor = server.client();
    const calls = [
      visitor.call(getUserConfig, { contractId: ids.linear }),
      visitor.call(createCoId),
      visitor.call(levelEdit, { nowLevel: 10, contractId: ids.linear }),
      visitor.call(marginModelEdit, { marginModel: 2, contractId: ids.linear }),
      visitor.call(editUserPageConfig, { coUnit: 1, contractId: ids.linear }),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.code).toBe(ErrorCode.sessionEnded);
    expect(await stored()).toEqual({ users: [], config: [] });
  });

  it('gives the defaults before any edit: 20x capped by the contract, cross, one-way, contracts, confirm, 7 days', async () => {
    expect(await config(alice, ids.linear)).toEqual({
      openContract: 0,
      transStatus: 0,
      coUnit: 2,
      multiplierCoin: 'BTC',
      marginModel: 1,
      positionModel: 1,
      positionModelCanSwitch: true,
      marginModelCanSwitch: true,
      levelCanSwitch: true,
      nowLevel: 20,
      minLevel: 1,
      maxLevel: 125,
      userMaxLevel: 125,
      leverCeiling: { '125': '50000', '100': '250000', '50': '1000000' },
      leverOriginCeiling: { '125': '50000', '100': '250000', '50': '1000000' },
      pcSecondConfirm: 1,
      expireTime: 7,
      couponTag: 0,
    });
    expect(await config(alice, ids.inverse)).toMatchObject({
      multiplierCoin: 'USD',
      nowLevel: 10,
      maxLevel: 10,
      leverCeiling: { '10': '10', '5': '100' },
    });
    expect(await config(alice, ids.bare)).toMatchObject({ nowLevel: 1, maxLevel: 1, leverCeiling: {} });
    // Reading writes nothing.
    expect(await stored()).toEqual({ users: [], config: [] });
  });

  it('opens the futures account once: create_co_id is idempotent and names no one but the caller', async () => {
    const opened = server.clock.now();
    expect((await alice.call(createCoId, { mobileNumber: '', email: 'a@example.com', uid: String(CAROL) })).code).toBe(
      '0',
    );
    server.clock.advance(1000);
    expect((await alice.call(createCoId)).code).toBe('0');
    expect(await config(alice, ids.linear)).toMatchObject({ openContract: 1, transStatus: 1 });
    expect((await stored()).users).toEqual([{ user_id: ALICE, opened_at: opened, coupon_tag: 0 }]);
    // The uid Alice's page sent opened nothing for Carol.
    expect(await config(await loginAs(server, CAROL), ids.linear)).toMatchObject({ openContract: 0 });
  });

  it('saves each edit and reads it back, changing only the fields sent and only that contract', async () => {
    const ok = async (reply: Promise<{ code: string; msg: string }>) => expect((await reply).code).toBe('0');
    await ok(alice.call(levelEdit, { nowLevel: 125, contractId: ids.linear }));
    expect(await config(alice, ids.linear)).toMatchObject({ nowLevel: 125, marginModel: 1, coUnit: 2 });
    await ok(alice.call(levelEdit, { nowLevel: '50', contractId: String(ids.linear) }));
    await ok(alice.call(marginModelEdit, { marginModel: 2, contractId: ids.linear }));
    await ok(alice.call(editUserPageConfig, { positionModel: 2, coUnit: '1', expireTime: 30, contractId: ids.linear }));
    const edited = {
      nowLevel: 50,
      marginModel: 2,
      positionModel: 2,
      coUnit: 1,
      pcSecondConfirm: 1,
      expireTime: 30,
    };
    expect(await config(alice, ids.linear)).toMatchObject(edited);
    // "Don't ask again" sends pcSecondConfirm alone; everything else stays.
    await ok(alice.call(editUserPageConfig, { pcSecondConfirm: 0, contractId: ids.linear }));
    expect(await config(alice, ids.linear)).toMatchObject({ ...edited, pcSecondConfirm: 0 });
    // Each setting belongs to its contract: the inverse one still has its defaults.
    expect(await config(alice, ids.inverse)).toMatchObject({
      nowLevel: 10,
      marginModel: 1,
      positionModel: 1,
      coUnit: 2,
      pcSecondConfirm: 1,
      expireTime: 7,
    });
    expect((await stored()).config).toEqual([
      {
        user_id: ALICE,
        contract_id: ids.linear,
        now_level: 50,
        margin_model: 2,
        position_model: 2,
        co_unit: 1,
        pc_second_confirm: 0,
        expire_time: 30,
        updated_at: server.clock.now(),
      },
    ]);
  });

  it('refuses bad settings with a message naming the field and rule, and changes nothing', async () => {
    const before = await stored();
    const refused = async (reply: Promise<{ code: string; msg: string }>, code: string, message: RegExp) => {
      const { code: got, msg } = await reply;
      expect([got, msg]).toEqual([code, expect.stringMatching(message)]);
    };
    const bad = ErrorCode.badRequest;
    const level = (nowLevel: unknown, contractId = ids.linear) => alice.call(levelEdit, { nowLevel, contractId });
    await refused(level(126), bad, /^nowLevel must be a whole number from 1 to 125\.$/);
    await refused(level(0), bad, /^nowLevel must be a whole number from 1 to 125\.$/);
    await refused(level(2.5), bad, /^nowLevel must be a whole number from 1 to 125\.$/);
    await refused(level(-3), bad, /^nowLevel must be a whole number from 1 to 125\.$/);
    await refused(level(11, ids.inverse), bad, /^nowLevel must be a whole number from 1 to 10\.$/);
    await refused(level(2, ids.bare), bad, /^nowLevel must be a whole number from 1 to 1\.$/);
    await refused(level('ten'), bad, /nowLevel/);
    await refused(level(undefined), bad, /nowLevel is required/);
    await refused(
      alice.call(marginModelEdit, { marginModel: 3, contractId: ids.linear }),
      bad,
      /marginModel must be one of: 1, 2/,
    );
    const page = (fields: Record<string, unknown>) =>
      alice.call(editUserPageConfig, { ...fields, contractId: ids.linear });
    await refused(page({ positionModel: 0 }), bad, /positionModel must be one of: 1, 2/);
    await refused(page({ coUnit: 3 }), bad, /coUnit must be one of: 1, 2/);
    await refused(page({ pcSecondConfirm: 2 }), bad, /pcSecondConfirm must be one of: 0, 1/);
    await refused(page({ expireTime: 5 }), bad, /expireTime must be one of: 1, 7, 14, 30/);
    // One bad field refuses the whole edit: the good one beside it is not saved.
    await refused(page({ coUnit: 2, expireTime: '3' }), bad, /expireTime/);
    for (const contractId of [999_999, ids.delisted]) {
      await refused(alice.call(getUserConfig, { contractId }), ErrorCode.notFound, /contractId/);
      await refused(level(5, contractId), ErrorCode.notFound, /contractId/);
      await refused(alice.call(marginModelEdit, { marginModel: 2, contractId }), ErrorCode.notFound, /contractId/);
      await refused(alice.call(editUserPageConfig, { coUnit: 1, contractId }), ErrorCode.notFound, /contractId/);
    }
    await refused(alice.call(getUserConfig, { contractId: 'abc' }), bad, /contractId/);
    // An edit naming no setting is no edit.
    expect((await page({})).code).toBe('0');
    expect(await stored()).toEqual(before);
  });

  it("keeps one user's settings from another: Bob sees his own defaults, and his edits leave Alice's alone", async () => {
    const alices = await config(alice, ids.linear);
    expect(await config(bob, ids.linear)).toMatchObject({
      openContract: 0,
      nowLevel: 20,
      marginModel: 1,
      positionModel: 1,
      coUnit: 2,
      pcSecondConfirm: 1,
      expireTime: 7,
    });
    // A user field in the body names no one: the session is the user.
    await bob.call(levelEdit, { nowLevel: 3, contractId: ids.linear, userId: ALICE, uid: ALICE });
    await bob.call(editUserPageConfig, { expireTime: 1, contractId: ids.linear, uid: ALICE });
    expect(await config(bob, ids.linear)).toMatchObject({ nowLevel: 3, expireTime: 1, marginModel: 1 });
    expect(await config(alice, ids.linear)).toEqual(alices);
  });

  it('reads a leverage saved above brackets the operator later lowered as the highest now allowed', async () => {
    await alice.call(levelEdit, { nowLevel: 10, contractId: ids.inverse });
    const ctx: AdminContext = { handle: server.services.database, clock: server.clock, actor: 'cli:tester' };
    await runAdmin(['contract', 'brackets', 'E-BTC-USD', '--tiers', '10:8:0.01,100:5:0.02'], ctx);
    expect(await config(alice, ids.inverse)).toMatchObject({ nowLevel: 8, maxLevel: 8 });
  });
});
