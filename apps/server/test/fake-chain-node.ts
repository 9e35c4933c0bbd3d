import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local JSON-RPC server standing in for a chain node in tests: each method answers from the test's handler with a
 * node's own payload shapes; a handler may return raw JSON text (to send numbers as a node writes them) or throw
 * { code, message } for a JSON-RPC error. Every request is recorded with its Authorization header.
 */
export type RpcAnswer = unknown | { raw: string };

export interface FakeNode {
  url: string;
  requests: { method: string; params: unknown[]; authorization: string | undefined }[];
  close(): Promise<void>;
}

export class RpcFailure {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

export async function startFakeNode(
  answer: (method: string, params: unknown[]) => RpcAnswer,
  auth = '',
): Promise<FakeNode> {
  const requests: FakeNode['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      requests.push({ method: call.method, params: call.params, authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      let result: RpcAnswer;
      try {
        result = answer(call.method, call.params);
      } catch (error) {
        if (!(error instanceof RpcFailure)) throw error;
        // bitcoind answers RPC errors with HTTP 500 (404 for an unknown method) and the error in the body.
        res.statusCode = 500;
        res.end(JSON.stringify({ result: null, error: { code: error.code, message: error.message }, id: call.id }));
        return;
      }
      const text =
        result && typeof result === 'object' && 'raw' in result
          ? (result.raw as string)
          : JSON.stringify(result ?? null);
      res.end(`{"result":${text},"error":null,"id":${call.id}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${auth ? `${auth}@` : ''}127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
