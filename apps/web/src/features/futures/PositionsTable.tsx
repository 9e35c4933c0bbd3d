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
import { closable, closeOrder, reverseOrders } from '../../futures/position-orders.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableCell, TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';
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
 * unrealised PnL and ROE, ADL rank; each closes whole at a typed limit price or at market (order_create CLOSE),
 * takes a take-profit and stop-loss, or is reversed (position-orders.ts); "Close all" market-closes every one.
 * Reverse and close all ask first; a refusal is shown by its code's message.
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
  const [asking, setAsking] = useState<{ reverse: CoPosition } | 'closeAll' | null>(null);
  const create = useCallMutation(coOrderCreate);

  const close = async (position: CoPosition, market: boolean) => {
    const price = prices[position.id] ?? '';
    if (!market && !(isDecimal(price) && Number(price) > 0)) {
      toast.error(t('futures.form.error.required'));
      return;
    }
    setClosing(position.id);
    try {
      await create.mutateAsync(closeOrder(position, market ? undefined : price));
      toast.success(t('futures.positions.closeSent'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setClosing(null);
      await refreshFutures(client);
    }
  };

  /** Every closable position at market, one after another; the first refusal is thrown once all were tried. */
  const closeAll = async () => {
    let refusal: unknown = null;
    for (const position of positions.filter(closable)) {
      try {
        await create.mutateAsync(closeOrder(position));
      } catch (failure) {
        refusal ??= failure;
      }
    }
    await refreshFutures(client);
    if (refusal) throw refusal;
    return t('futures.positions.allCloseSent');
  };

  /** The close, then the opening order of the other side; a refused close sends no opening order. */
  const reverse = async (position: CoPosition) => {
    const contract = contracts.get(position.contractName);
    const orders = contract && reverseOrders(position, contract);
    if (!orders) {
      toast.error(t('futures.positions.cannotReverse'));
      return null;
    }
    try {
      for (const order of orders) await create.mutateAsync(order);
    } finally {
      await refreshFutures(client);
    }
    return t('futures.positions.reversed');
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
    { key: 'close', title: t('futures.column.close'), align: 'right', width: '24em' },
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
          {
            type: 'button',
            text: t('futures.positions.reverse'),
            disabled: closing === p.id || !closable(p),
            onClick: () => setAsking({ reverse: p }),
          },
        ],
      },
    };
  });

  const adjustingContract = adjusting ? contracts.get(adjusting.contractName) : undefined;
  const protectingContract = protecting ? contracts.get(protecting.contractName) : undefined;
  const reversing = asking !== null && asking !== 'closeAll' ? asking.reverse : null;
  return (
    <>
      {positions.some(closable) && (
        <div className={own.tableBar}>
          <Button variant="text" onClick={() => setAsking('closeAll')} disabled={create.isPending}>
            {t('futures.positions.closeAll')}
          </Button>
        </div>
      )}
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
      {asking === 'closeAll' && (
        <ActionDialog
          title={t('futures.positions.closeAllTitle')}
          confirmLabel={t('futures.positions.closeAll')}
          pending={create.isPending}
          onConfirm={closeAll}
          onClose={() => setAsking(null)}
        >
          <p className={own.hint}>
            {t('futures.positions.closeAllText', { count: positions.filter(closable).length })}
          </p>
        </ActionDialog>
      )}
      {reversing && (
        <ActionDialog
          title={t('futures.positions.reverseTitle', { contract: reversing.contractName })}
          confirmLabel={t('futures.positions.reverse')}
          pending={create.isPending}
          onConfirm={() => reverse(reversing)}
          onClose={() => setAsking(null)}
        >
          <p className={own.hint}>
            {t(reversing.orderSide === 'BUY' ? 'futures.positions.reverseLong' : 'futures.positions.reverseShort', {
              volume: reversing.canCloseVolume,
            })}
          </p>
        </ActionDialog>
      )}
      {protecting && protectingContract && (
        <PositionTpslDialog contract={protectingContract} position={protecting} onClose={() => setProtecting(null)} />
      )}
    </>
  );
}
