import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Seals API key secrets (and Google authenticator secrets, modules/security/totp.ts) at rest with AES-256-GCM.
 * HMAC and TOTP verification need the secret itself, so it cannot be hashed like a password; a database dump
 * without the server key reveals no secret. The key comes from
 * OPEN_API_SECRET_KEY, else from a key file made under DATA_DIR on first use (read, never regenerated, after).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the sealed value was not made with this key or was altered. */
  open(sealed: string): string;
}

const KEY_FILE = 'open-api-secret.key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the Open API secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** The server's box, made once per key source; the key file is only touched when a secret is first sealed. */
export function serverSecretBox(config: Pick<Config, 'openApiSecretKey' | 'dataDir'>): SecretBox {
  const source = config.openApiSecretKey ?? path.join(config.dataDir, KEY_FILE);
  let box = boxes.get(source);
  if (!box) {
    box = createSecretBox(config.openApiSecretKey ? Buffer.from(config.openApiSecretKey, 'hex') : keyFromFile(source));
    boxes.set(source, box);
  }
  return box;
}

function keyFromFile(file: string): Buffer {
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes and the other reads what it wrote.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
