import { createHmac, randomUUID } from 'node:crypto';

/**
 * Aliyun NC slider (verification type '2'): the widget gives csessionid, sig, token and scene; the server confirms
 * them with AFS AuthenticateSig, a GET signed with the account's AccessKey (HMAC-SHA1, Aliyun RPC signature v1).
 * Code 100 means passed.
 */
const TIMEOUT_MS = 5_000;

export interface AliyunKeys {
  accessKeyId: string;
  accessKeySecret: string;
  appKey: string;
  afsUrl: string;
}

/** RFC 3986 percent-encoding, as Aliyun's signature requires. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Aliyun RPC signature: HMAC-SHA1 over "GET&%2F&" + the encoded, sorted query, keyed by secret + "&". */
export function signAliyunQuery(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export async function authenticateAliyunSig(
  keys: AliyunKeys,
  fields: {
    csessionid?: string | undefined;
    sig?: string | undefined;
    token?: string | undefined;
    scene?: string | undefined;
  },
  ip: string,
  now: number,
): Promise<boolean> {
  const { csessionid, sig, token, scene } = fields;
  if (!csessionid || !sig || !token || !scene) return false;
  const params: Record<string, string> = {
    Action: 'AuthenticateSig',
    Version: '2018-01-12',
    Format: 'JSON',
    AccessKeyId: keys.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    SessionId: csessionid,
    Sig: sig,
    Token: token,
    Scene: scene,
    AppKey: keys.appKey,
    RemoteIp: ip,
  };
  params.Signature = signAliyunQuery(params, keys.accessKeySecret);
  try {
    const response = await fetch(`${keys.afsUrl}/?${new URLSearchParams(params).toString()}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { Code?: number };
    return body.Code === 100;
  } catch {
    return false;
  }
}
