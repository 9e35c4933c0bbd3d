import net from 'node:net';

/**
 * The HTTP benchmark's load generator: keep-alive HTTP/1.1 POSTs over raw sockets, one request in flight per socket,
 * each request written as one string and each reply read by its Content-Length. It runs on the same 2 cores as the
 * server it measures, so every µs it spends is taken from that server: undici cost about 150 µs of CPU per request
 * here, a third of what the exchange spends on an order. Like wrk, it does the least a client can; it understands
 * only what Fastify sends (a status line, headers with content-length, a body), and fails loudly on anything else.
 */
export class LeanHttpClient {
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly waiting: { request: string; resolve: (body: string) => void; reject: (e: Error) => void }[] = [];

  constructor(
    private readonly port: number,
    private readonly sockets: number,
  ) {}

  /** POSTs a JSON body; resolves with the reply's body (any status), rejects on a dropped connection. */
  post(path: string, body: string, headers: Record<string, string>): Promise<string> {
    let request = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n`;
    for (const name in headers) request += `${name}: ${headers[name]}\r\n`;
    request += `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise((resolve, reject) => {
      let connection = this.idle.pop();
      while (connection?.closed) connection = this.idle.pop();
      connection ??= this.open();
      if (connection) connection.send(request, resolve, reject);
      else this.waiting.push({ request, resolve, reject });
    });
  }

  close(): void {
    for (const connection of this.all) connection.socket.destroy();
  }

  private open(): Connection | undefined {
    if (this.all.filter((c) => !c.closed).length >= this.sockets) return undefined;
    const connection = new Connection(this.port, () => this.release(connection));
    this.all.push(connection);
    return connection;
  }

  private release(connection: Connection): void {
    const next = this.waiting.shift();
    if (next) connection.send(next.request, next.resolve, next.reject);
    else this.idle.push(connection);
  }
}

const HEADERS_END = Buffer.from('\r\n\r\n');

class Connection {
  readonly socket: net.Socket;
  /** Closed by either side: an idle one is dropped from the pool, a busy one fails its request. */
  closed = false;
  private received: Buffer | null = null;
  private resolve: ((body: string) => void) | null = null;
  private reject: ((error: Error) => void) | null = null;

  constructor(port: number, onFree: () => void) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received ? Buffer.concat([this.received, chunk]) : chunk;
      const body = this.takeReply();
      if (body === null) return;
      const resolve = this.resolve;
      this.resolve = this.reject = null;
      onFree();
      resolve?.(body);
    });
    const fail = (error: Error) => {
      this.reject?.(error);
      this.resolve = this.reject = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => {
      this.closed = true;
      fail(new Error('connection closed'));
    });
  }

  send(request: string, resolve: (body: string) => void, reject: (error: Error) => void): void {
    this.resolve = resolve;
    this.reject = reject;
    this.socket.write(request);
  }

  /** The reply's body once all of it has arrived, else null. */
  private takeReply(): string | null {
    const data = this.received as Buffer;
    const end = data.indexOf(HEADERS_END);
    if (end < 0) return null;
    const head = data.toString('latin1', 0, end).toLowerCase();
    const at = head.indexOf('\r\ncontent-length:');
    if (at < 0) throw new Error(`a reply without content-length: ${head.split('\r\n')[0]}`);
    const length = Number.parseInt(head.slice(at + 17), 10);
    const total = end + 4 + length;
    if (data.length < total) return null;
    if (data.length > total) throw new Error('a reply with more bytes than its content-length');
    this.received = null;
    return data.toString('utf8', end + 4, total);
  }
}
