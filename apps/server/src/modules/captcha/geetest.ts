import { createHash, randomBytes } from 'node:crypto';

/**
 * GeeTest (verification type '1'), server side of its v3 protocol: register.php gives the challenge the widget
 * starts from; after the user passes, validate.php confirms the widget's seccode. When GeeTest cannot be reached
 * at register time the widget is told success 0, and verification then fails (closed): no local fallback check.
 */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const TIMEOUT_MS = 5_000;

export interface GeetestKeys {
  id: string;
  key: string;
  apiUrl: string;
}

export async function registerGeetest(keys: GeetestKeys, ip: string) {
  const url = new URL(`${keys.apiUrl}/register.php`);
  url.search = new URLSearchParams({
    gt: keys.id,
    json_format: '1',
    client_type: 'web',
    ip_address: ip,
    digestmod: 'md5',
  }).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await response.json()) as { challenge?: string };
    if (response.ok && body.challenge && /^[0-9a-f]{32}$/.test(body.challenge)) {
      return { challenge: md5(body.challenge + keys.key), gt: keys.id, success: 1 };
    }
  } catch {
    // Unreachable or malformed: answered below as GeeTest's own offline mode.
  }
  return { challenge: randomBytes(16).toString('hex'), gt: keys.id, success: 0 };
}

export async function validateGeetest(
  keys: GeetestKeys,
  fields: {
    geetest_challenge?: string | undefined;
    geetest_validate?: string | undefined;
    geetest_seccode?: string | undefined;
  },
  ip: string,
): Promise<boolean> {
  const { geetest_challenge: challenge, geetest_validate: validate, geetest_seccode: seccode } = fields;
  if (!challenge || !validate || !seccode) return false;
  // The widget's validate is md5(key + 'geetest' + challenge): checked before asking GeeTest.
  if (validate !== md5(`${keys.key}geetest${challenge}`)) return false;
  try {
    const response = await fetch(`${keys.apiUrl}/validate.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        seccode,
        challenge,
        captchaid: keys.id,
        json_format: '1',
        client_type: 'web',
        ip_address: ip,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { seccode?: string };
    return body.seccode === md5(seccode);
  } catch {
    return false;
  }
}
