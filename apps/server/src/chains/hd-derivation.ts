import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58check, bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { type BitcoinNetwork, toChecksumAddress } from './address-validation.ts';

/**
 * Deposit addresses from the operator's account-level extended public key (BIP32 public derivation: the server
 * never sees a private key). Address i is key/0/i, the receive branch wallets use: Bitcoin-style chains get native
 * segwit P2WPKH in bech32 under the network's HRP (BIP84), EVM chains keccak256(public key)[12..] in EIP-55 case.
 */
export type DerivationFailure = 'no_xpub' | 'bad_xpub' | 'private_key' | 'bad_index';

export class DerivationError extends Error {
  constructor(readonly reason: DerivationFailure) {
    super(`address derivation failed: ${reason}`);
  }
}

/** Version bytes of public extended keys (BIP32 xpub/tpub and the SLIP-132 forms wallets export). */
const publicVersions = new Set([
  0x0488b21e, // xpub
  0x049d7cb2, // ypub
  0x04b24746, // zpub
  0x043587cf, // tpub
  0x044a5262, // upub
  0x045f1cf6, // vpub
  0x019da462, // Ltub
  0x01b26ef6, // Mtub
]);
/** Their private counterparts, refused by name: a private key must never be configured here. */
const privateVersions = new Set([
  0x0488ade4, 0x049d7878, 0x04b2430c, 0x04358394, 0x044a4e28, 0x045f18bc, 0x019d9cfe, 0x01b26792,
]);

const base58 = base58check(sha256);

/** Parses an extended public key of any of the common version prefixes. */
export function parseExtendedPublicKey(xpub: string): HDKey {
  if (xpub === '') throw new DerivationError('no_xpub');
  let version: number;
  try {
    const bytes = base58.decode(xpub);
    if (bytes.length !== 78) throw new Error('length');
    version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  } catch {
    throw new DerivationError('bad_xpub');
  }
  if (privateVersions.has(version)) throw new DerivationError('private_key');
  if (!publicVersions.has(version)) throw new DerivationError('bad_xpub');
  try {
    return HDKey.fromExtendedKey(xpub, { public: version, private: 0 });
  } catch {
    throw new DerivationError('bad_xpub');
  }
}

/** The compressed public key of receive address `index`. */
function receiveKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) throw new DerivationError('bad_index');
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new DerivationError('bad_xpub');
  return key;
}

export function bitcoinAddress(account: HDKey, index: number, network: BitcoinNetwork): string {
  const hash = ripemd160(sha256(receiveKey(account, index)));
  return bech32.encode(network.hrp, [0, ...bech32.toWords(hash)]);
}

export function evmAddress(account: HDKey, index: number): string {
  const uncompressed = secp256k1.Point.fromBytes(receiveKey(account, index)).toBytes(false);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12)));
}
