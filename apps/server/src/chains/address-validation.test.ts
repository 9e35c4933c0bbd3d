import { sha256 } from '@noble/hashes/sha2.js';
import { base58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  type BitcoinNetwork,
  bitcoinNetworks,
  toChecksumAddress,
  validateAddress,
  validateBitcoinAddress,
  validateEvmAddress,
} from './address-validation.ts';

const networkOfHrp: Record<string, BitcoinNetwork> = {
  bc: bitcoinNetworks.bitcoin,
  tb: bitcoinNetworks['bitcoin-testnet'],
  bcrt: bitcoinNetworks['bitcoin-regtest'],
};

// BIP350 "Test vectors for v0-v16 native segregated witness addresses", valid list (it supersedes BIP173's,
// whose v1+ entries used bech32 and are invalid now).
const validSegwit: [string, string][] = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb'],
  ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'bc'],
  ['BC1SW50QGDZ25J', 'bc'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc'],
  ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'tb'],
  ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'tb'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bc'],
];

// BIP173 invalid segwit addresses.
const invalidBip173 = [
  'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', // invalid human-readable part
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // invalid checksum
  'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', // invalid witness version
  'bc1rw5uspcuh', // invalid program length
  'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', // invalid program length
  'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // invalid program length for witness version 0
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // mixed case
  'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', // zero padding of more than 4 bits
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', // non-zero padding in 8-to-5 conversion
  'bc1gmk9yu', // empty data section
];

// BIP350 invalid segwit addresses.
const invalidBip350 = [
  'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid human-readable part
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 instead of bech32m
  'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', // bech32 instead of bech32m
  'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // bech32 instead of bech32m
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m instead of bech32
  'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', // bech32m instead of bech32
  'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character in checksum
  'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // invalid witness version
  'bc1pw5dgrnzv', // invalid program length (1 byte)
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
  'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // invalid program length for witness version 0
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // zero padding of more than 4 bits
  'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding in 8-to-5 conversion
  'bc1gmk9yu', // empty data section
];

describe('segwit addresses (BIP173, BIP350)', () => {
  it.each(validSegwit)('accepts %s', (address, hrp) => {
    expect(validateBitcoinAddress(networkOfHrp[hrp] as BitcoinNetwork, address)).toEqual({
      ok: true,
      kind: 'segwit',
      address: address.toLowerCase(),
    });
  });

  // Checked against mainnet and testnet both, whichever network a vector was written for.
  it.each([...invalidBip173, ...invalidBip350])('refuses %s', (address) => {
    for (const network of [bitcoinNetworks.bitcoin, bitcoinNetworks['bitcoin-testnet']]) {
      expect(validateBitcoinAddress(network, address).ok).toBe(false);
    }
  });

  it('names the problem', () => {
    const { bitcoin } = bitcoinNetworks;
    const testnet = bitcoinNetworks['bitcoin-testnet'];
    expect(validateBitcoinAddress(bitcoin, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toMatchObject({
      problem: 'checksum',
    });
    expect(validateBitcoinAddress(bitcoin, 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toMatchObject({
      problem: 'program_length',
    });
    expect(
      validateBitcoinAddress(bitcoin, 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'),
    ).toMatchObject({
      problem: 'witness_version',
    });
    const mixed = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7';
    expect(validateBitcoinAddress(testnet, mixed)).toMatchObject({ problem: 'mixed_case' });
    const testnetAddress = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
    expect(validateBitcoinAddress(bitcoin, testnetAddress)).toMatchObject({ problem: 'network' });
  });

  it('refuses a valid address of another network', () => {
    const mainnet = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
    expect(validateBitcoinAddress(bitcoinNetworks['bitcoin-testnet'], mainnet)).toMatchObject({ ok: false });
    expect(validateBitcoinAddress(bitcoinNetworks.litecoin, mainnet)).toMatchObject({ ok: false });
  });
});

describe('base58check addresses', () => {
  const encode = base58check(sha256).encode;
  const hash160 = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
  const withVersion = (version: number) => encode(Uint8Array.of(version, ...hash160));

  it('accepts the genesis P2PKH and a P2SH address of mainnet', () => {
    expect(validateBitcoinAddress(bitcoinNetworks.bitcoin, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toMatchObject({
      ok: true,
      kind: 'p2pkh',
    });
    expect(validateBitcoinAddress(bitcoinNetworks.bitcoin, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toMatchObject({
      ok: true,
      kind: 'p2sh',
    });
  });

  it('refuses a changed character (checksum), a mainnet address on testnet and a wrong payload length', () => {
    expect(validateBitcoinAddress(bitcoinNetworks.bitcoin, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb').ok).toBe(false);
    expect(validateBitcoinAddress(bitcoinNetworks['bitcoin-testnet'], '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').ok).toBe(
      false,
    );
    expect(validateBitcoinAddress(bitcoinNetworks.bitcoin, encode(Uint8Array.of(0, 1, 2, 3))).ok).toBe(false);
  });

  it('takes the version bytes of each network', () => {
    const testnet = bitcoinNetworks['bitcoin-testnet'];
    expect(validateBitcoinAddress(testnet, withVersion(0x6f))).toMatchObject({ ok: true, kind: 'p2pkh' });
    expect(validateBitcoinAddress(testnet, withVersion(0xc4))).toMatchObject({ ok: true, kind: 'p2sh' });
    expect(validateBitcoinAddress(bitcoinNetworks.litecoin, withVersion(0x30))).toMatchObject({
      ok: true,
      kind: 'p2pkh',
    });
    expect(validateBitcoinAddress(bitcoinNetworks.bitcoin, withVersion(0x6f)).ok).toBe(false);
  });
});

describe('EVM addresses (EIP-55)', () => {
  // The EIP's own examples: all caps, all lower, and mixed-case checksummed.
  const allCaps = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
  const allLower = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
  const mixed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each([...allCaps, ...allLower, ...mixed])('accepts %s', (address) => {
    expect(validateEvmAddress(address)).toMatchObject({ ok: true, kind: 'evm' });
  });

  it('answers the checksummed spelling of an unchecksummed address', () => {
    expect(validateEvmAddress((mixed[0] as string).toLowerCase())).toEqual({
      ok: true,
      kind: 'evm',
      address: mixed[0],
    });
  });

  it.each(mixed)('computes the checksum of %s', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it.each(mixed)('refuses %s with the case of one letter flipped', (address) => {
    const at = address.search(/[a-fA-F]/u);
    const letter = address[at] as string;
    const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
    const mistyped = address.slice(0, at) + flipped + address.slice(at + 1);
    expect(validateEvmAddress(mistyped)).toMatchObject({ ok: false, problem: 'checksum' });
  });

  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', // 39 digits
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0x',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
    ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('refuses the malformed %s', (address) => {
    expect(validateAddress({ kind: 'evm' }, address).ok).toBe(false);
  });
});
