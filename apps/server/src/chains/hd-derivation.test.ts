import { hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { bitcoinNetworks } from './address-validation.ts';
import { bitcoinAddress, DerivationError, evmAddress, parseExtendedPublicKey } from './hd-derivation.ts';

/** Published vectors: BIP32 test vector 1, BIP84's account key and addresses, and the BIP44 Ethereum address. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** BIP39 seed of "abandon abandon ... about" with no passphrase (the source of the BIP84 vectors). */
const ABANDON_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

describe('deposit address derivation from an extended public key', () => {
  it('derives public children as BIP32 test vector 1 says (m/0H/1/2H -> m/0H/1/2H/2)', () => {
    const parent = parseExtendedPublicKey(
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
    );
    expect(parent.deriveChild(2).publicExtendedKey).toBe(
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    );
  });

  it('gives the BIP84 receive addresses from the published zpub', () => {
    const account = parseExtendedPublicKey(BIP84_ZPUB);
    expect(bitcoinAddress(account, 0, bitcoinNetworks.bitcoin)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(bitcoinAddress(account, 1, bitcoinNetworks.bitcoin)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The same key on another network: same witness program, that network's HRP.
    expect(bitcoinAddress(account, 0, bitcoinNetworks['bitcoin-testnet'])).toMatch(/^tb1q/);
    expect(bitcoinAddress(account, 0, bitcoinNetworks['bitcoin-regtest'])).toMatch(/^bcrt1q/);
    expect(bitcoinAddress(account, 0, bitcoinNetworks.litecoin)).toMatch(/^ltc1q/);
  });

  it("gives the BIP44 Ethereum address m/44'/60'/0'/0/0 in EIP-55 case", () => {
    const master = HDKey.fromMasterSeed(hexToBytes(ABANDON_SEED));
    // The seed is the right one: its BIP84 account key is the published zpub.
    const zpubVersions = { public: 0x04b24746, private: 0x04b2430c };
    expect(HDKey.fromMasterSeed(hexToBytes(ABANDON_SEED), zpubVersions).derive("m/84'/0'/0'").publicExtendedKey).toBe(
      BIP84_ZPUB,
    );
    const account = parseExtendedPublicKey(master.derive("m/44'/60'/0'").publicExtendedKey);
    expect(evmAddress(account, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('refuses a missing key, a private key and garbage, each with its reason', () => {
    const reason = (key: string) => {
      try {
        parseExtendedPublicKey(key);
        return 'parsed';
      } catch (error) {
        return (error as DerivationError).reason;
      }
    };
    expect(reason('')).toBe('no_xpub');
    expect(reason(HDKey.fromMasterSeed(hexToBytes(ABANDON_SEED)).privateExtendedKey)).toBe('private_key');
    expect(reason('xpub123')).toBe('bad_xpub');
    expect(reason(`${BIP84_ZPUB.slice(0, -1)}t`)).toBe('bad_xpub');
    expect(() => bitcoinAddress(parseExtendedPublicKey(BIP84_ZPUB), 2 ** 31, bitcoinNetworks.bitcoin)).toThrow(
      DerivationError,
    );
  });
});
