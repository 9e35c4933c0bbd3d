import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58check, bech32, bech32m } from '@scure/base';

/**
 * Withdrawal address checks with each chain's real checksum, so a mistyped address is refused before any coin
 * leaves: Bitcoin-style chains take base58check (P2PKH/P2SH with the network's version bytes), bech32 (BIP173,
 * segwit v0) and bech32m (BIP350, segwit v1+) under the network's human-readable part; EVM chains take 0x + 40 hex
 * with the EIP-55 mixed-case checksum (all lower or all upper case carries no checksum and is accepted as such).
 */
export interface BitcoinNetwork {
  /** The bech32 human-readable part: bc, tb, bcrt, ltc... */
  hrp: string;
  /** Version byte of base58check pay-to-public-key-hash addresses. */
  p2pkh: number;
  /** Version byte of base58check pay-to-script-hash addresses. */
  p2sh: number;
}

export const bitcoinNetworks = {
  bitcoin: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  'bitcoin-testnet': { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
  'bitcoin-regtest': { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 },
  litecoin: { hrp: 'ltc', p2pkh: 0x30, p2sh: 0x32 },
} as const satisfies Record<string, BitcoinNetwork>;

export type AddressScheme = { kind: 'bitcoin'; network: BitcoinNetwork } | { kind: 'evm' };

export type AddressKind = 'p2pkh' | 'p2sh' | 'segwit' | 'evm';
/** Why an address is refused, as a code screens can translate; `reason` says it in English for logs and the CLI. */
export type AddressProblem =
  | 'format'
  | 'checksum'
  | 'network'
  | 'mixed_case'
  | 'witness_version'
  | 'program_length'
  | 'padding';
/** A good address comes back in its one canonical spelling: bech32 in lower case, EVM in EIP-55 case. */
export type AddressCheck =
  | { ok: true; kind: AddressKind; address: string }
  | { ok: false; problem: AddressProblem; reason: string };

const refuse = (problem: AddressProblem, reason: string): AddressCheck => ({ ok: false, problem, reason });

const base58 = base58check(sha256);

export function validateAddress(scheme: AddressScheme, address: string): AddressCheck {
  if (address.length === 0 || address.length > 100 || address.trim() !== address) {
    return refuse('format', 'empty, too long or surrounded by spaces');
  }
  return scheme.kind === 'evm' ? validateEvmAddress(address) : validateBitcoinAddress(scheme.network, address);
}

export function validateBitcoinAddress(network: BitcoinNetwork, address: string): AddressCheck {
  // Our network's prefix, or a good bech32 string of another network (refused by name rather than as base58).
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator > 0 && (lower.slice(0, separator) === network.hrp || decodeEither(lower) !== null)) {
    return validateSegwit(network, address);
  }
  let payload: Uint8Array;
  try {
    payload = base58.decode(address);
  } catch {
    return refuse('checksum', 'not a valid base58check or bech32 address');
  }
  if (payload.length !== 21) return refuse('format', 'base58check payload is not 21 bytes');
  if (payload[0] === network.p2pkh) return { ok: true, kind: 'p2pkh', address };
  if (payload[0] === network.p2sh) return { ok: true, kind: 'p2sh', address };
  return refuse('network', 'version byte of another network');
}

/** BIP173/BIP350: v0 must be bech32 with a 20- or 32-byte program, v1..16 bech32m with 2..40 bytes. */
function validateSegwit(network: BitcoinNetwork, address: string): AddressCheck {
  if (address.length > 90) return refuse('format', 'bech32 address longer than 90 characters');
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return refuse('mixed_case', 'bech32 address of mixed case');
  }
  const lower = address.toLowerCase();
  const decoded = decodeEither(lower);
  if (!decoded) return refuse('checksum', 'bech32 checksum does not match');
  const { prefix, words, variant } = decoded;
  if (prefix !== network.hrp) return refuse('network', 'address of another network');
  if (words.length === 0) return refuse('witness_version', 'segwit address without a witness version');
  const version = words[0] as number;
  if (version > 16) return refuse('witness_version', 'witness version above 16');
  if ((version === 0) !== (variant === 'bech32')) {
    return refuse('checksum', version === 0 ? 'segwit v0 must use bech32' : 'segwit v1+ must use bech32m');
  }
  let program: Uint8Array;
  try {
    program = bech32.fromWords(words.slice(1));
  } catch {
    return refuse('padding', 'witness program has invalid padding');
  }
  if (program.length < 2 || program.length > 40) return refuse('program_length', 'witness program of 2 to 40 bytes');
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return refuse('program_length', 'segwit v0 program must be 20 or 32 bytes');
  }
  return { ok: true, kind: 'segwit', address: lower };
}

function decodeEither(address: string): { prefix: string; words: number[]; variant: 'bech32' | 'bech32m' } | null {
  for (const [variant, codec] of [
    ['bech32', bech32],
    ['bech32m', bech32m],
  ] as const) {
    try {
      const { prefix, words } = codec.decode(address as `${string}1${string}`, 90);
      return { prefix, words: Array.from(words), variant };
    } catch {
      // Try the other checksum constant.
    }
  }
  return null;
}

export function validateEvmAddress(address: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return refuse('format', 'not 0x followed by 40 hex digits');
  const hex = address.slice(2);
  const checksummed = toChecksumHex(hex);
  const unchecksummed = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!unchecksummed && hex !== checksummed) return refuse('checksum', 'EIP-55 checksum does not match');
  return { ok: true, kind: 'evm', address: `0x${checksummed}` };
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  return `0x${toChecksumHex(address.replace(/^0x/i, ''))}`;
}

function toChecksumHex(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}
