import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { callPath } from '@opex/contract/call';
import { uploadImg } from '@opex/contract/calls/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/accounts/accounts.ts';
import { startTestServer, type TestClient, type TestServer, testDialects } from './harness.ts';
import { loggedInClient, PASSWORD } from './user-fixtures.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);

function multipart(file: Buffer, filename: string, contentType = 'image/png') {
  const boundary = `----opex${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects)('image upload on %s', (dialect) => {
  let server: TestServer;
  let dataDir: string;
  let client: TestClient;
  const uploadsDir = () => path.join(dataDir, 'uploads');
  const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }) : []);
  const upload = (c: TestClient, file: Buffer, name: string, headers: Record<string, string> = {}) => {
    const { body, headers: type } = multipart(file, name);
    return c.request('POST', callPath(uploadImg), body, { ...type, ...headers });
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opex-upload-'));
    server = await startTestServer(dialect, { config: { dataDir } });
    await createUser(server.services.database.db, server.clock, { email: 'up@test.opex', password: PASSWORD });
    client = await loggedInClient(server, 'up@test.opex');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a png under a random name and serves it back', async () => {
    const response = await upload(client, PNG, 'avatar.png');
    const reply = response.json();
    expect(reply.code).toBe('0');
    expect(reply.data.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(reply.data).toMatchObject({ name: 'avatar.png', base_image_url: '/uploads/' });
    expect(reply.data.filenameStr).toBe(`/uploads/${reply.data.filename}`);
    const served = await client.request('GET', reply.data.filenameStr);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, no-store');
  });

  it('serves an uploaded image to its owner only: another user and a visitor get the same 404', async () => {
    const reply = (await upload(client, PNG, 'passport.png')).json();
    await createUser(server.services.database.db, server.clock, { email: 'other@test.opex', password: PASSWORD });
    const other = await loggedInClient(server, 'other@test.opex');
    for (const stranger of [other, server.client()]) {
      const response = await stranger.request('GET', reply.data.filenameStr);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: '10005' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await client.request('GET', reply.data.filenameStr)).statusCode).toBe(200);
  });

  it('answers a multipart body without a boundary, and any too-large body, with the envelope', async () => {
    const noBoundary = await client.request('POST', callPath(uploadImg), Buffer.from('--x\r\n\r\n'), {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: '10013', msg: expect.stringMatching(/boundary/), data: null });
    const big = await client.request('POST', '/fe-ex-api/user/login_in', { email: 'x'.repeat(1024 * 1024 + 10) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: '10011', msg: expect.stringMatching(/1 MiB/), data: null });
    expect(big.json().msg).not.toMatch(/image/i);
  });

  it('answers a query string over 16 KB with the envelope and 431', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/fe-ex-api/common/public_info?q=${'x'.repeat(17 * 1024)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: '10012', msg: expect.stringMatching(/16 KB/), data: null });
  });

  it('recognises jpeg by its content whatever the name says', async () => {
    const reply = (await upload(client, JPEG, 'photo.txt')).json();
    expect(reply.code).toBe('0');
    expect(reply.data.filename).toMatch(/\.jpg$/);
  });

  it('refuses other content even when named .png, and writes nothing', async () => {
    const before = stored();
    const reply = (await upload(client, GIF, 'fake.png')).json();
    expect(reply.code).toBe('10009');
    expect((await upload(client, Buffer.from('<svg/>'), 'x.jpg')).json().code).toBe('10009');
    expect(stored()).toEqual(before);
  });

  it('refuses an image over 5 MB and writes nothing', async () => {
    const before = stored();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const response = await upload(client, big, 'big.png');
    expect(response.json().code).toBe('10008');
    expect(stored()).toEqual(before);
  });

  it('refuses visitors, forged requests and non-multipart bodies', async () => {
    const before = stored();
    const visitor = server.client();
    await visitor.request('GET', '/health');
    expect((await upload(visitor, PNG, 'a.png')).json().code).toBe('10002');
    expect((await upload(client, PNG, 'a.png', { 'x-xsrf-token': 'forged' })).json().code).toBe('10003');
    const json = await client.request('POST', callPath(uploadImg), { file: 'abc' });
    expect(json.json().code).toBe('10013');
    expect(stored()).toEqual(before);
  });

  it('answers 404 for unknown or malformed image names', async () => {
    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/..%2Fopex.sqlite',
      '/uploads/x.gif',
    ]) {
      const response = await client.request('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('10005');
    }
  });
});
