import type { CallReply } from '@opex/contract/call';
import { CoLedgerType, type coTransactionList } from '@opex/contract/calls/co-account';
import { EMPTY_DISPLAY, formatDateTime } from '@opex/contract/display';
import type { TFunction } from 'i18next';
import type { TableColumn, TableRow } from '../ui/data-table/table-types.ts';
import { signedAmount, toneOf } from './contracts.ts';

/** The futures ledger's rows (record/get_transaction_list) as /assets/coFlowingWater shows them. */
export type LedgerEntry = CallReply<typeof coTransactionList>['transList'][number];

/**
 * The kinds the real account's ledger records, its type filter: loss share, fee rebates and bonus reclaims (the
 * original's 8, 9 and 11) are not built, and the simulated-trading coupon (10, bonus issued) is only on the simulated
 * account, so they are not offered.
 */
export const LEDGER_KINDS = [
  CoLedgerType.transferIn,
  CoLedgerType.transferOut,
  CoLedgerType.realizedPnl,
  CoLedgerType.funding,
  CoLedgerType.openFee,
  CoLedgerType.closeFee,
  CoLedgerType.liquidation,
  CoLedgerType.delivery,
];

export function ledgerColumns(t: TFunction): TableColumn[] {
  return [
    { key: 'time', title: t('assetAccounts.flowing.time'), width: '20%' },
    { key: 'type', title: t('assetAccounts.flowing.type') },
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'amount', title: t('assetAccounts.flowing.amount'), align: 'right' },
  ];
}

/** A row: its kind in the reader's language, the contract it came from, the amount signed in its coin. */
export function ledgerRow(t: TFunction, entry: LedgerEntry, id: string, digitsOf: (coin: string) => number): TableRow {
  return {
    id,
    cells: {
      time: { type: 'text', text: formatDateTime(entry.ctime) },
      type: { type: 'text', text: t(`futures.ledger.${entry.typeCode}`, { defaultValue: entry.type }) },
      contract: { type: 'text', text: entry.contractName || EMPTY_DISPLAY },
      amount: {
        type: 'label',
        tone: toneOf(entry.amount) === 'fall' ? 'sell' : 'buy',
        text: signedAmount(entry.amount, digitsOf(entry.symbol), entry.symbol),
      },
    },
  };
}
