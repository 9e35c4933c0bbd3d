import type { AddressInfo } from 'node:net';
import { loginIn, register } from '@opex/contract/calls/user';
import { emailValidCode, OperationType } from '@opex/contract/calls/verification';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../src/notify/mailer.ts';
import { listOutbox } from '../src/notify/outbox.ts';
import { startTestServer, type TestServer, testDialects } from './harness.ts';
import { accountSnapshot, PASSWORD } from './user-fixtures.ts';

/** A real SMTP server on a random port: the e-mail leaves the exchange over SMTP and is read back from it. */
interface Received {
  to: string[];
  raw: string;
}

async function startSmtp(received: Received[]): Promise<SMTPServer & { port: number }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return Object.assign(smtp, { port });
}

describe.each(testDialects)('e-mail over SMTP on %s', (dialect) => {
  const received: Received[] = [];
  let smtp: SMTPServer & { port: number };
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp(received);
    server = await startTestServer(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the registration code by SMTP, records it as sent, and the received code registers', async () => {
    const client = server.client();
    const sent = await client.call(emailValidCode, {
      email: 'mail@example.com',
      operationType: OperationType.register,
    });
    expect(sent.code).toBe('0');
    const mail = received.find((m) => m.to.includes('mail@example.com'));
    expect(mail?.raw).toMatch(/Subject: Verification code: \d{6}/);
    const authCode = mail!.raw.match(/Your verification code is (\d{6})/)![1]!;
    const [row] = await listOutbox(server.services.database.db, { recipient: 'mail@example.com' });
    expect(row).toMatchObject({ channel: 'email', error: null, sent_at: server.clock.now() });

    expect((await client.call(register, { email: 'mail@example.com', loginPword: PASSWORD, authCode })).code).toBe('0');
    expect((await server.client().call(loginIn, { email: 'mail@example.com', loginPword: PASSWORD })).code).toBe('0');
  });

  it('answers a clear code when the SMTP server is down, and keeps the failure in the outbox', async () => {
    const gone = await startSmtp([]);
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const { services } = server;
    const working = services.mailer;
    services.mailer = new Mailer(services.database.db, services.clock, `smtp://127.0.0.1:${gone.port}`, 'x@localhost');
    try {
      const before = await accountSnapshot(server);
      const reply = await server
        .client()
        .call(emailValidCode, { email: 'down@example.com', operationType: OperationType.register });
      expect(reply).toMatchObject({ code: '20015', msg: expect.stringMatching(/could not be sent/) });
      const [row] = await listOutbox(services.database.db, { recipient: 'down@example.com' });
      expect(row).toMatchObject({ sent_at: null, error: expect.stringMatching(/\S/) });
      expect(await accountSnapshot(server)).toEqual(before);
    } finally {
      services.mailer = working;
    }
  });
});
