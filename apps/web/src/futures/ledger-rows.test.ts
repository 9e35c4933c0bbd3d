import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../i18n/test-i18n.ts';
import { CoLedgerType } from '@opex/contract/calls/co-account';
import { LEDGER_KINDS, type LedgerEntry, ledgerRow } from './ledger-rows.ts';

const entry = (patch: Partial<LedgerEntry>): LedgerEntry => ({
  ctime: 0,
  type: 'Transfer in',
  typeCode: 1,
  symbol: 'USDT',
  amount: '100',
  contractName: '',
  ...patch,
});
const digitsOf = (coin: string) => (coin === 'BTC' ? 8 : 2);

describe('the futures ledger rows', () => {
  it('show every kind with its label, its contract, and the amount signed in the row’s own coin', () => {
    const shown = (patch: Partial<LedgerEntry>) => {
      const { type, contract, amount } = ledgerRow(i18next.t, entry(patch), 'x', digitsOf).cells;
      return [type, contract, amount].map((cell) => (cell && 'text' in cell ? cell.text : undefined));
    };
    expect(shown({})).toEqual(['Transfer in', '--', '+100.00 USDT']);
    expect(shown({ typeCode: 2, amount: '-0.5', symbol: 'BTC' })).toEqual(['Transfer out', '--', '-0.50000000 BTC']);
    const onContract = { contractName: 'E-BTC-USDT' };
    expect(shown({ ...onContract, typeCode: 3, amount: '12.345' })).toEqual([
      'Realised PnL',
      'E-BTC-USDT',
      '+12.34 USDT',
    ]);
    expect(shown({ ...onContract, typeCode: 5, amount: '-0.01' })).toEqual(['Funding fee', 'E-BTC-USDT', '-0.01 USDT']);
    expect(shown({ ...onContract, typeCode: 6, amount: '-1' })[0]).toBe('Opening fee');
    expect(shown({ ...onContract, typeCode: 7, amount: '-1' })[0]).toBe('Closing fee');
    expect(shown({ ...onContract, typeCode: 12, amount: '-20' })).toEqual(['Liquidation', 'E-BTC-USDT', '-20.00 USDT']);
    expect(shown({ ...onContract, typeCode: 13, amount: '3' })[0]).toBe('Delivery');
    const loss = ledgerRow(i18next.t, entry({ amount: '-1' }), 'x', digitsOf).cells.amount;
    expect(loss).toMatchObject({ tone: 'sell' });
  });

  it('offer in the type filter only the kinds the exchange records', () => {
    expect(LEDGER_KINDS).toContain(CoLedgerType.liquidation);
    expect(LEDGER_KINDS).not.toContain(CoLedgerType.bonusIssued);
    expect(
      LEDGER_KINDS.map((code) => i18next.t(`futures.ledger.${code}`)).every((text) => !/^futures\./.test(text)),
    ).toBe(true);
  });
});
