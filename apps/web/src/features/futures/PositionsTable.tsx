import { coOrderCreate } from '@opex/contract/calls/co-order';
import { formatAmount } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CoPosition, refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import {
  type Contract,
  type CoUnit,
  isDecimal,
  optionalAmount,
  percentText,
  quantityText,
  signedAmount,
  toneOf,
} from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { errorText } from '../../i18n/error-text.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableCell, TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PositionMarginDialog } from './PositionMarginDialog.tsx';
import { PositionTpslDialog } from './PositionTpslDialog.tsx';

/** ADL rank 1 (last to be deleveraged) to 5 (first), as five bars. */
function AdlBars({ rank, label }: { rank: number; label: string }) {
  return (
    <span className={own.adl} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} data-on={n <= rank || undefined} />
      ))}
    </span>
  );
}

/**
 * The open positions: size, entry, mark and liquidation prices, margin (adjustable when isolated), margin ratio,
 * unrealised PnL and ROE, ADL rank; each closes whole at a typed limit price or at market (order_create CLOSE), or
 * takes a take-profit and stop-loss.
 */
export function PositionsTable({
  positions,
  contracts,
  unit,
  loading,
}: {
  positions: readonly CoPosition[];
  contracts: ReadonlyMap<string, Contract>;
  unit: CoUnit;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [closing, setClosing] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<CoPosition | null>(null);
  const [protecting, setProtecting] = useState<CoPosition | null>(null);
  const create = useCallMutation(coOrderCreate);

  const close = async (position: CoPosition, market: boolean) => {
    const price = prices[position.id] ?? '';
    if (!market && !(isDecimal(price) && Number(price) > 0)) {
      toast.error(t('futures.form.error.required'));
      return;
    }
    setClosing(position.id);
    try {
      await create.mutateAsync({
        contractId: position.contractId,
        positionType: position.positionType === 2 ? 2 : 1,
        side: position.orderSide === 'BUY' ? 'SELL' : 'BUY',
        leverageLevel: position.leverageLevel,
        price: market ? '0' : price,
        volume: position.canCloseVolume,
        open: 'CLOSE',
        type: market ? 2 : 1,
        isConditionOrder: false,
      });
      toast.success(t('futures.positions.closeSent'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setClosing(null);
      await refreshFutures(client);
    }
  };

  const columns: TableColumn[] = [
    { key: 'contract', title: t('futures.column.contract') },
    { key: 'size', title: t('futures.column.size'), align: 'right' },
    { key: 'entry', title: t('futures.column.entryPrice'), align: 'right' },
    { key: 'mark', title: t('futures.column.markPrice'), align: 'right' },
    { key: 'liq', title: t('futures.column.liqPrice'), align: 'right' },
    { key: 'margin', title: t('futures.column.margin'), align: 'right' },
    { key: 'ratio', title: t('futures.column.marginRatio'), align: 'right' },
    { key: 'pnl', title: t('futures.column.pnl'), align: 'right' },
    { key: 'adl', title: t('futures.column.adl'), align: 'center' },
    { key: 'close', title: t('futures.column.close'), align: 'right', width: '20em' },
  ];

  const rows: TableRow[] = positions.map((p) => {
    const contract = contracts.get(p.contractName);
    const pp = contract?.coinResultVo.symbolPricePrecision ?? 4;
    const money = contract?.coinResultVo.marginCoinPrecision ?? 4;
    const coin = contract?.marginCoin ?? '';
    const long = p.orderSide === 'BUY';
    const pnlTone = toneOf(p.openRealizedAmount);
    const marginCells: TableCell[] = [{ type: 'text', text: formatAmount(p.holdAmount, money, coin) }];
    if (p.positionType === 2 && contract)
      marginCells.push({ type: 'button', text: t('futures.positions.adjust'), onClick: () => setAdjusting(p) });
    return {
      id: p.id,
      cells: {
        contract: {
          type: 'label',
          tone: long ? 'buy' : 'sell',
          text: `${p.contractName} · ${t(long ? 'futures.long' : 'futures.short')} · ${t(`futures.marginModel.${p.positionType === 2 ? 'isolated' : 'cross'}`)} ${p.leverageLevel}x`,
        },
        size: { type: 'text', text: contract ? quantityText(p.positionVolume, contract, unit) : p.positionVolume },
        entry: { type: 'text', text: formatAmount(p.openAvgPrice, pp) },
        mark: { type: 'text', text: formatAmount(p.indexPrice, pp) },
        liq: { type: 'label', tone: 'warning', text: optionalAmount(p.reducePrice, pp) },
        margin: marginCells,
        ratio: { type: 'text', text: percentText(p.marginRate, 2) },
        pnl: {
          type: 'label',
          tone: pnlTone === 'rise' ? 'buy' : pnlTone === 'fall' ? 'sell' : 'muted',
          text: `${signedAmount(p.openRealizedAmount, money, coin)} (${percentText(p.returnRate, 2)})`,
        },
        adl: {
          type: 'icon',
          icon: <AdlBars rank={p.adlRank} label={t('futures.positions.adl', { rank: p.adlRank })} />,
          label: t('futures.positions.adl', { rank: p.adlRank }),
        },
        close: [
          { type: 'button', text: t('futures.tpsl.open'), onClick: () => setProtecting(p) },
          {
            type: 'input',
            label: t('futures.positions.closePrice', { contract: p.contractName }),
            value: prices[p.id] ?? '',
            onChange: (value) => setPrices((all) => ({ ...all, [p.id]: value.replace(/[^\d.]/g, '') })),
            maxLength: 13,
          },
          {
            type: 'button',
            text: t('futures.form.limit'),
            disabled: closing === p.id,
            onClick: () => void close(p, false),
          },
          {
            type: 'button',
            tone: 'sell',
            text: t('futures.positions.marketClose'),
            disabled: closing === p.id,
            onClick: () => void close(p, true),
          },
        ],
      },
    };
  });

  const adjustingContract = adjusting ? contracts.get(adjusting.contractName) : undefined;
  const protectingContract = protecting ? contracts.get(protecting.contractName) : undefined;
  return (
    <>
      <DataTable
        label={t('futures.tabs.positions')}
        columns={columns}
        rows={rows}
        loading={loading}
        loadingText={t('common.loading')}
        noDataText={t('futures.positions.none')}
        stackOnNarrow
        lines={10}
      />
      {adjusting && adjustingContract && (
        <PositionMarginDialog contract={adjustingContract} position={adjusting} onClose={() => setAdjusting(null)} />
      )}
      {protecting && protectingContract && (
        <PositionTpslDialog contract={protectingContract} position={protecting} onClose={() => setProtecting(null)} />
      )}
    </>
  );
}
