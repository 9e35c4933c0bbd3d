import {
  getNoReadMessageCount,
  MessageType,
  messageDel,
  messageUpdateStatus,
  userMessage,
} from '@opex/contract/calls/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMessage } from '../src/messages/messages.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { loggedInClient, registerEmail } from './user-fixtures.ts';

describe.each(testDialects)('messages on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'alice@example.com');
    await registerEmail(server, 'bob@example.com');
    alice = await loggedInClient(server, 'alice@example.com');
    bob = await loggedInClient(server, 'bob@example.com');
    const { db } = server.services.database;
    const users = await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
    aliceId = users[0]!.id;
    bobId = users[1]!.id;
    for (let i = 1; i <= 12; i++) {
      await writeMessage(db, server.services.clock, aliceId, {
        type: i % 2 ? MessageType.trade : MessageType.finance,
        title: `Alice ${i}`,
        content: `Body ${i}`,
      });
      server.clock.advance(1000);
    }
    await writeMessage(db, server.services.clock, bobId, { type: MessageType.system, title: 'Bob 1', content: 'Hi' });
  });
  afterAll(() => server.close());

  const bobsMessages = () =>
    server.services.database.db.selectFrom('messages').selectAll().where('user_id', '=', bobId).execute();

  it('counts unread messages and lists the newest few', async () => {
    const reply = await alice.call(getNoReadMessageCount);
    expect(reply.data.noReadMsgCount).toBe(12);
    expect(reply.data.userMessageList.map((m) => m.messageTitle)).toEqual([
      'Alice 12',
      'Alice 11',
      'Alice 10',
      'Alice 9',
      'Alice 8',
    ]);
    expect(reply.data.userMessageList[0]).toMatchObject({
      messageContent: 'Body 12',
      status: 0,
      messageType: MessageType.finance,
    });
  });

  it('pages the full list, newest first, optionally by type, accepting digit strings', async () => {
    const page2 = await alice.call(userMessage, { page: '2', pageSize: 5 });
    expect(page2.data.count).toBe(12);
    expect(page2.data.userMessageList.map((m) => m.messageTitle)).toEqual([
      'Alice 7',
      'Alice 6',
      'Alice 5',
      'Alice 4',
      'Alice 3',
    ]);
    const trades = await alice.call(userMessage, { page: 1, pageSize: 100, messageType: MessageType.trade });
    expect(trades.data.count).toBe(6);
    const defaults = await alice.call(userMessage, {});
    expect(defaults.data.userMessageList).toHaveLength(10);
  });

  it('refuses bad list input', async () => {
    for (const input of [
      { page: 'abc' },
      { page: 0 },
      { pageSize: 101 },
      { page: '9'.repeat(20) },
      { page: { n: 1 } },
    ]) {
      expect((await alice.call(userMessage, input)).code, JSON.stringify(input)).toBe('10001');
    }
  });

  it('marks one message read, then all; another user cannot touch them', async () => {
    const [newest] = (await alice.call(getNoReadMessageCount)).data.userMessageList;
    const [bobs] = await bobsMessages();
    const stolen = await alice.call(messageUpdateStatus, { id: bobs!.id });
    expect(stolen.code).toBe('10005');
    expect((await bobsMessages())[0]!.status).toBe(0);

    expect((await alice.call(messageUpdateStatus, { id: newest!.id })).data).toEqual({ updated: 1 });
    expect((await alice.call(getNoReadMessageCount)).data.noReadMsgCount).toBe(11);
    expect((await alice.call(messageUpdateStatus, {})).data).toEqual({ updated: 11 });
    expect((await alice.call(getNoReadMessageCount)).data).toEqual({ noReadMsgCount: 0, userMessageList: [] });
    expect((await bob.call(getNoReadMessageCount)).data.noReadMsgCount).toBe(1);
  });

  it('soft-deletes only its own messages', async () => {
    const list = (await alice.call(userMessage, { page: 1, pageSize: 1 })).data.userMessageList;
    const [bobs] = await bobsMessages();
    expect((await alice.call(messageDel, { id: bobs!.id })).code).toBe('10005');
    expect((await bobsMessages())[0]!.deleted).toBe(0);

    expect((await alice.call(messageDel, { id: String(list[0]!.id) })).code).toBe('0');
    expect((await alice.call(userMessage, {})).data.count).toBe(11);
    expect((await alice.call(messageDel, { id: list[0]!.id })).code).toBe('10005');
    const row = await server.services.database.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', list[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
  });

  it('refuses bad input, missing XSRF and logged-out callers, changing nothing', async () => {
    const [bobs] = await bobsMessages();
    for (const input of [{}, { id: 'abc' }, { id: -1 }, { id: '1'.repeat(40) }, { id: [1] }]) {
      expect((await bob.call(messageDel, input)).code, JSON.stringify(input)).toBe('10001');
    }
    expect((await bob.call(messageUpdateStatus, { id: 'x' })).code).toBe('10001');
    expect(await bob.call(messageUpdateStatus, { id: bobs!.id }, { 'x-xsrf-token': '' })).toMatchObject({
      code: '10003',
      status: 403,
    });
    expect((await bob.call(messageDel, { id: bobs!.id }, { 'x-xsrf-token': 'wrong' })).code).toBe('10003');
    const anonymous = server.client();
    expect((await anonymous.call(getNoReadMessageCount)).code).toBe('10002');
    expect((await anonymous.call(userMessage, {})).code).toBe('10002');
    expect((await anonymous.call(messageUpdateStatus, {})).code).toBe('10002');
    expect((await anonymous.call(messageDel, { id: bobs!.id })).code).toBe('10002');
    expect(await bobsMessages()).toEqual([bobs]);
  });
});
