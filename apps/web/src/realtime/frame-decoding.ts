import type { ErrorFrame, PushFrame, ReplyFrame } from '@opex/contract/realtime';

/**
 * Server frames are gzip-compressed JSON in binary messages; a text message is read as JSON as it is. The result is
 * sorted into what the connection acts on.
 */
export type ServerFrame =
  | { kind: 'ping'; ping: number }
  | { kind: 'push'; frame: PushFrame<unknown> }
  | { kind: 'reply'; frame: ReplyFrame<unknown> }
  | { kind: 'error'; frame: ErrorFrame }
  | { kind: 'other' };

export async function decodeFrame(data: ArrayBuffer | string): Promise<ServerFrame> {
  const text = typeof data === 'string' ? data : await inflate(new Uint8Array(data));
  return classify(JSON.parse(text) as Record<string, unknown>);
}

async function inflate(bytes: Uint8Array): Promise<string> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

function classify(value: Record<string, unknown>): ServerFrame {
  if (typeof value.ping === 'number') return { kind: 'ping', ping: value.ping };
  if (value.event_rep === 'rep') return { kind: 'reply', frame: value as unknown as ReplyFrame<unknown> };
  if (value.event_rep === 'error') return { kind: 'error', frame: value as unknown as ErrorFrame };
  if (typeof value.channel === 'string' && typeof value.seq === 'number' && 'tick' in value)
    return { kind: 'push', frame: value as unknown as PushFrame<unknown> };
  return { kind: 'other' };
}
