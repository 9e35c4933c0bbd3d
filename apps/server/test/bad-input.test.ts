import { orderListNew } from '@opex/contract/calls/order';
import { nicknameUpdate } from '@opex/contract/calls/security';
import { loginIn, userInfo } from '@opex/contract/calls/user';
import { addWithdrawAddr } from '@opex/contract/calls/withdraw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { accountSnapshot, loggedInClient, registerEmail } from './user-fixtures.ts';

/** The validator's own wording, which no refusal may show. */
const jargon = /Invalid input|Invalid option|Invalid string|expected|received|Too small|Too big|>=|<=/i;

describe.each(testDialects)('refusals of bad input on %s', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await registerEmail(server, 'erin@example.com');
    client = await loggedInClient(server, 'erin@example.com');
  });
  afterAll(() => server.close());

  it('refuses NUL, control characters and direction overrides in nicknames and address-book labels, changing nothing', async () => {
    const before = await accountSnapshot(server);
    for (const nickName of [
      'erin\u0000',
      'bell\u0007',
      'new\nline',
      '\u202eniwre',
      'iso\u2066late\u2069',
      'c1\u009b',
    ]) {
      const reply = await client.call(nicknameUpdate, { nickName });
      expect(reply, JSON.stringify(nickName)).toMatchObject({ code: '10001', status: 400 });
      expect(reply.msg).toBe('nickName: no control or direction-changing characters.');
    }
    const label = await client.call(addWithdrawAddr, {
      coinSymbol: 'BTC',
      chain: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      label: 'cold\u202ewallet',
    });
    expect(label).toMatchObject({ code: '10001', msg: 'label: no control or direction-changing characters.' });
    const email = await server.client().call(loginIn, { email: 'erin\u202e@example.com', loginPword: 'Secret123' });
    expect(email).toMatchObject({ code: '10001', msg: 'email: no control or direction-changing characters.' });
    expect(await accountSnapshot(server)).toEqual(before);
    // Ordinary text in any script passes, normalised to NFC.
    expect((await client.call(nicknameUpdate, { nickName: ' Zoe\u0301 冷 ' })).code).toBe('0');
    expect((await client.call(userInfo)).data.nickName).toBe('Zoé 冷');
  });

  it('takes time filters only as decimal digits', async () => {
    for (const startTime of [true, [], '0x10', '1e3', '-1', '', 1.5]) {
      const reply = await client.call(orderListNew, { startTime } as never);
      expect(reply, JSON.stringify(startTime)).toMatchObject({ code: '10001', status: 400 });
      expect(reply.msg).toMatch(/^startTime/);
      expect(reply.msg).not.toMatch(jargon);
    }
    expect((await client.call(orderListNew, { startTime: true } as never)).msg).toBe('startTime must be a number.');
    expect((await client.call(orderListNew, { startTime: '1700000000000' } as never)).code).toBe('0');
  });

  it('words a body the server cannot read, in the request language too', async () => {
    const post = (body: string, type: string, headers: Record<string, string> = {}) =>
      client.request('POST', '/fe-ex-api/user/nickname_update', body, { 'content-type': type, ...headers });
    expect((await post('{bad', 'application/json')).json()).toMatchObject({
      code: '10001',
      msg: 'The request body is not valid JSON.',
    });
    expect((await post('', 'application/json', { 'accept-language': 'ko' })).json().msg).toBe(
      'Content-Type은 JSON인데 요청 본문이 비어 있습니다.',
    );
    const form = await post('nickName=x', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json().msg).toBe('Send the request body as JSON (Content-Type: application/json).');
  });

  it("words a refusal in the request's language: the lan cookie, else Accept-Language", async () => {
    const long = { nickName: 'n'.repeat(33) };
    expect((await client.call(nicknameUpdate, long)).msg).toBe('nickName must be at most 32 characters long.');
    client.cookies.set('lan', 'zh_CN');
    expect((await client.call(nicknameUpdate, long)).msg).toBe('nickName 最多 32 个字符。');
    client.cookies.delete('lan');
    const ja = await client.call(nicknameUpdate, long, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' });
    expect(ja.msg).toBe('nickName は 32 文字以内で入力してください。');
    const tw = await client.call(nicknameUpdate, long, { 'accept-language': 'zh-TW' });
    expect(tw.msg).toBe('nickName 最多 32 個字元。');
    const missing = await client.call(nicknameUpdate, {});
    expect(missing.msg).toBe('nickName is required.');
    expect(missing.msg).not.toMatch(jargon);
  });
});
