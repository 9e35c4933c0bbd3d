/**
 * A minimal JSON-RPC 1.0/2.0 client over HTTP POST for chain nodes. Credentials in the URL (bitcoind's
 * user:password@host) become a Basic Authorization header. Numbers named in `exactFields` are read as their
 * decimal text, never through a float (bitcoind reports amounts as JSON numbers such as 0.00010001).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class JsonRpcClient {
  private nextId = 1;
  private readonly endpoint: string;
  private readonly headers: Record<string, string> = { 'content-type': 'application/json' };

  constructor(
    url: string,
    private readonly options: { exactFields?: string[]; timeoutMs?: number } = {},
  ) {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      const user = decodeURIComponent(parsed.username);
      const password = decodeURIComponent(parsed.password);
      this.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      parsed.username = '';
      parsed.password = '';
    }
    this.endpoint = parsed.toString();
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(quoteNumbers(text, this.options.exactFields ?? []));
    } catch {
      throw new JsonRpcError(response.status, `${method}: HTTP ${response.status}, not JSON`);
    }
    if (body.error) throw new JsonRpcError(body.error.code, `${method}: ${body.error.message}`);
    if (!response.ok) throw new JsonRpcError(response.status, `${method}: HTTP ${response.status}`);
    return body.result as T;
  }
}

/** Turns `"field": 0.1` into `"field": "0.1"` for the named fields, so the number keeps its exact digits. */
function quoteNumbers(text: string, fields: string[]): string {
  if (fields.length === 0) return text;
  const pattern = new RegExp(`"(${fields.join('|')})"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)`, 'g');
  return text.replace(pattern, '"$1":"$2"');
}
