import { describe, expect, it } from 'vitest';
import {
  baseDigits,
  chooseContract,
  contractsOfMode,
  isSimulated,
  percentText,
  quantityText,
  socketKey,
} from './contracts.ts';
import { btcContract } from './testing/contract-fixture.ts';

const btc = btcContract();
const eth = btcContract({ id: 8, contractName: 'E-ETH-USDT', base: 'ETH', sort: 0 });

describe('contracts', () => {
  it('choose the path segment, else the saved one, else the lowest sort', () => {
    expect(chooseContract([btc, eth], 'e-btc-usdt', 'E-ETH-USDT')?.id).toBe(7);
    expect(chooseContract([btc, eth], 'nope', 'E-BTC-USDT')?.id).toBe(7);
    expect(chooseContract([btc, eth], undefined, undefined)?.id).toBe(8);
    expect(chooseContract([], 'x', 'y')).toBeUndefined();
  });

  it('key the socket channels by type, base and quote in lower case', () => {
    expect(socketKey(btc)).toBe('e_btcusdt');
  });

  it('keep simulated contracts on their own side of the Real / Simulated switch', () => {
    const sim = btcContract({ id: 9, contractName: 'S-BTC-USDT', contractType: 'S', coType: 'S' });
    const hybrid = btcContract({ id: 10, contractName: 'H-BTC-USDT', contractType: 'H', coType: 'H' });
    expect(isSimulated(sim)).toBe(true);
    expect(socketKey(sim)).toBe('s_btcusdt');
    expect(contractsOfMode([btc, sim, hybrid, eth], true).map((c) => c.id)).toEqual([9]);
    expect(contractsOfMode([btc, sim, hybrid, eth], false).map((c) => c.id)).toEqual([7, 10, 8]);
  });

  it('show quantities in contracts or in the base coin, exactly', () => {
    expect(baseDigits(btc)).toBe(3);
    expect(quantityText('1234', btc, 2)).toBe('1,234');
    expect(quantityText('1234', btc, 1)).toBe('1.234 BTC');
  });

  it('show rates as percentages cut to their digits', () => {
    expect(percentText('0.000123456', 5)).toBe('0.01234%');
    expect(percentText('-0.0001', 4)).toBe('-0.0100%');
    expect(percentText('', 2)).toBe('--');
  });
});
