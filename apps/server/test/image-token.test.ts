import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getImageToken, IMAGE_TOKEN_TTL_MS } from '@opex/contract/calls/upload';
import { ErrorCode } from '@opex/contract/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/accounts/accounts.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { loggedInClient, PASSWORD } from './user-fixtures.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A multipart upload with the token field before the file, as a form sends it. */
function withToken(token: string) {
  const boundary = `----opex${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects)('common/get_image_token on %s', (dialect) => {
  let server: TestServer;
  let dataDir: string;
  let ann: TestClient;
  let ben: TestClient;
  // Every stored image, in any user's folder (image-store.ts keeps each user's apart).
  const stored = () => {
    const root = path.join(dataDir, 'uploads');
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  };
  const upload = (client: TestClient, token: string, url: string) => {
    const { body, headers } = withToken(token);
    return client.request('POST', url, body, headers);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-token-'));
    server = await startTestServer(dialect, { config: { dataDir } });
    for (const email of ['ann@test.opex', 'ben@test.opex']) {
      await createUser(server.services.database.db, server.clock, { email, password: PASSWORD });
    }
    ann = await loggedInClient(server, 'ann@test.opex');
    ben = await loggedInClient(server, 'ben@test.opex');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('issues a ten-minute token per purpose that the upload call accepts from its owner', async () => {
    const reply = await ann.call(getImageToken, { operate_type: '1' });
    expect(reply.code).toBe('0');
    expect(reply.data).toMatchObject({
      operate_type: '1',
      expireTime: server.clock.now() + IMAGE_TOKEN_TTL_MS,
      uploadUrl: '/fe-ex-api/common/upload_img',
    });
    expect(reply.data.token.length).toBeGreaterThan(20);
    const uploaded = (await upload(ann, reply.data.token, reply.data.uploadUrl)).json();
    expect(uploaded.code).toBe('0');
    expect(stored()).toContain(uploaded.data.filename);
  });

  it("refuses another user's token, an altered one and an expired one, and stores nothing", async () => {
    const { token, uploadUrl } = (await ann.call(getImageToken, { operate_type: '2' })).data;
    const before = stored();
    expect((await upload(ben, token, uploadUrl)).json().code).toBe(ErrorCode.imageTokenInvalid);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await upload(ann, altered, uploadUrl)).json().code).toBe(ErrorCode.imageTokenInvalid);
    server.clock.advance(IMAGE_TOKEN_TTL_MS + 1);
    expect((await upload(ann, token, uploadUrl)).json().code).toBe(ErrorCode.imageTokenInvalid);
    expect(stored()).toEqual(before);
  });

  it('needs a session and a numeric operate_type', async () => {
    expect((await server.client().call(getImageToken, { operate_type: '1' })).code).toBe(ErrorCode.sessionEnded);
    const bad = await ann.call(getImageToken, { operate_type: 'kyc' } as never);
    expect(bad.code).toBe(ErrorCode.badRequest);
    expect(bad.msg).toContain('operate_type');
  });
});
