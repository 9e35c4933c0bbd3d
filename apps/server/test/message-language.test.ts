import { getNoReadMessageCount, MessageType, userMessage } from '@opex/contract/calls/message';
import { createOpenApi } from '@opex/contract/calls/open-api';
import { emailValidCode, OperationType } from '@opex/contract/calls/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyStoredEnglishMessages } from '../src/db/migrations/0021_message_keys.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { latestCode, loggedInClient, registerEmail } from './user-fixtures.ts';

/** Messages are stored as a key and parameters and read in the language of the request, whenever written. */
describe.each(testDialects)('messages in the reader’s language on %s', (dialect) => {
  let server: TestServer;
  let kim: TestClient;
  const db = () => server.services.database.db;
  const titlesIn = async (lang: string) => {
    kim.cookies.set('lan', lang);
    return (await kim.call(userMessage, { page: 1, pageSize: 20 })).data.userMessageList;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'kim@example.com');
    kim = await loggedInClient(server, 'kim@example.com');
    server.clock.advance(61_000);
    expect((await kim.call(emailValidCode, { operationType: OperationType.securityVerify })).code).toBe('0');
    const created = await kim.call(createOpenApi, {
      label: 'bot',
      emailAuthCode: await latestCode(server, 'kim@example.com'),
    });
    expect(created.code).toBe('0');
  });
  afterAll(() => server.close());

  it('shows a message written during an English session in Chinese, Japanese and English, as each reader asks', async () => {
    kim.cookies.set('lan', 'en_US');
    const [english] = await titlesIn('en_US');
    expect(english?.messageTitle).toBe('API key created');
    expect(english?.messageContent).toMatch(/^An API key was created for your account at .+ UTC from IP .+\./);

    const [chinese] = await titlesIn('zh_CN');
    expect(chinese?.id).toBe(english?.id);
    expect(chinese?.messageTitle).toBe('API 密钥已创建');
    expect(chinese?.messageContent).toMatch(/^您的账户已创建 API 密钥（.+ UTC，IP .+）。提现将暂停 24 小时。/);
    expect((await titlesIn('ja_JP'))[0]?.messageTitle).toBe('APIキー作成');
    // The header's unread list follows the same language.
    kim.cookies.set('lan', 'ko_KR');
    const unread = (await kim.call(getNoReadMessageCount)).data.userMessageList;
    expect(unread.map((m) => m.messageTitle)).toContain('API 키 생성');
    // A language we have no text in reads English.
    expect((await titlesIn('xx_YY'))[0]?.messageTitle).toBe('API key created');
  });

  it('gives messages stored as English text before keys their key and parameters, and leaves other text alone', async () => {
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'kim@example.com')
      .executeTakeFirstOrThrow();
    const old = [
      {
        title: 'Withdrawal rejected',
        content:
          'Your withdrawal of 0.5 BTC was rejected: address on a sanctions list. 0.5005 BTC is back in your balance.',
      },
      { title: 'Welcome', content: 'A note the operator wrote by hand.' },
    ];
    for (const [i, text] of old.entries()) {
      await db()
        .insertInto('messages')
        .values({
          user_id: user.id,
          type: MessageType.finance,
          ...text,
          status: 0,
          deleted: 0,
          created_at: server.clock.now() + i + 1,
        })
        .execute();
    }
    await keyStoredEnglishMessages(db());

    const rows = await db().selectFrom('messages').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    const rejected = rows.find((r) => r.title === 'Withdrawal rejected');
    expect(rejected?.message_key).toBe('withdraw.rejected');
    expect(JSON.parse(rejected?.params ?? '')).toEqual({
      amount: '0.5',
      coin: 'BTC',
      reason: 'address on a sanctions list',
      returned: '0.5005',
    });
    expect(rows.find((r) => r.title === 'Welcome')?.message_key).toBe('');

    const chinese = await titlesIn('zh_CN');
    expect(chinese.find((m) => m.id === rejected?.id)?.messageContent).toBe(
      '您提现 0.5 BTC 的申请被拒绝：address on a sanctions list。0.5005 BTC 已退回您的余额。',
    );
    expect(chinese.find((m) => m.messageTitle === 'Welcome')?.messageContent).toBe(
      'A note the operator wrote by hand.',
    );
  });
});
