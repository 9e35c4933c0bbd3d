import { coHistoryOrderList, coOrderCancel } from '@opex/contract/calls/co-order';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CoPosition,
  refreshFutures,
  useCurrentOrders,
  useMyTrades,
  useOrderCount,
  useTriggerOrders,
} from '../../api/futures.ts';
import { useCallMutation, useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import type { Contract, CoUnit } from '../../futures/contracts.ts';
import {
  type CoOrder,
  type CoTrigger,
  orderColumns,
  orderRow,
  type TableContext,
  tradeColumns,
  tradeRow,
  triggerColumns,
  triggerRow,
} from '../../futures/futures-tables.ts';
import { defaultOrderDays } from '../../futures/order-range.ts';
import { errorText } from '../../i18n/error-text.ts';
import { dayRange } from '../../records/date-range.ts';
import styles from '../../trading/trading.module.css';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { PositionsTable } from './PositionsTable.tsx';

type Tab = 'positions' | 'open' | 'triggers' | 'history' | 'fills';

/**
 * The trader's positions, the contract's open orders (cancel, cancel all), its trigger orders (cancel), its order
 * history and fills, in tabs.
 */
export function FuturesUserTabs({
  contract,
  contracts,
  positions,
  positionsLoading,
  unit,
  live,
}: {
  contract: Contract;
  contracts: readonly Contract[];
  positions: readonly CoPosition[];
  positionsLoading: boolean;
  unit: CoUnit;
  /** Orders change by the futures socket's pushes: no polling. */
  live: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const { isLogin } = useSession();
  const [tab, setTab] = useState<Tab>('positions');
  const [cancelling, setCancelling] = useState<string | null>(null);
  const counts = useOrderCount(contract.id, isLogin, live).data;
  const open = useCurrentOrders(contract.id, isLogin, counts?.orderCount ?? 0, live);
  const triggers = useTriggerOrders(contract.id, isLogin, counts?.triggerOrderCount ?? 0, live);
  const [days] = useState(() => defaultOrderDays(new Date()));
  const range = dayRange(days.from, days.to);
  const history = useCallQuery(
    coHistoryOrderList,
    { contractId: contract.id, page: 1, limit: 50, beginTime: range.startTime ?? 0, endTime: range.endTime ?? 0 },
    { enabled: tab === 'history' },
  );
  const fills = useMyTrades(contract.id, isLogin && tab === 'fills');
  const cancel = useCallMutation(coOrderCancel);
  const ctx: TableContext = { t, contracts: new Map(contracts.map((c) => [c.contractName, c])), unit };

  const cancelOrders = async (order?: CoOrder) => {
    setCancelling(order?.id ?? 'all');
    try {
      await cancel.mutateAsync({ contractId: contract.id, ...(order ? { orderId: order.id } : {}) });
      toast.success(t(order ? 'futures.orders.cancelled' : 'futures.orders.allCancelled'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setCancelling(null);
      await refreshFutures(client);
    }
  };

  const cancelTrigger = async (trigger: CoTrigger) => {
    setCancelling(trigger.id);
    try {
      await cancel.mutateAsync({ contractId: contract.id, orderId: trigger.id, isConditionOrder: true });
      toast.success(t('futures.orders.cancelled'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setCancelling(null);
      await refreshFutures(client);
    }
  };

  const openOrders = open.data?.orderList ?? [];
  const table = {
    positions: (
      <PositionsTable positions={positions} contracts={ctx.contracts} unit={unit} loading={positionsLoading} />
    ),
    open: (
      <DataTable
        label={t('futures.tabs.open')}
        columns={orderColumns(t, false)}
        rows={openOrders.map((o) =>
          orderRow(ctx, o, { onCancel: (order) => void cancelOrders(order), busy: cancelling !== null }),
        )}
        loading={open.isPending && open.fetchStatus !== 'idle'}
        loadingText={t('common.loading')}
        noDataText={t('futures.orders.none')}
        stackOnNarrow
        lines={10}
      />
    ),
    triggers: (
      <DataTable
        label={t('futures.tabs.triggers')}
        columns={triggerColumns(t)}
        rows={(triggers.data?.trigOrderList ?? []).map((o) =>
          triggerRow(ctx, o, { onCancel: (trigger) => void cancelTrigger(trigger), busy: cancelling !== null }),
        )}
        loading={triggers.isPending && triggers.fetchStatus !== 'idle'}
        loadingText={t('common.loading')}
        noDataText={t('futures.orders.none')}
        stackOnNarrow
        lines={10}
      />
    ),
    history: (
      <DataTable
        label={t('futures.tabs.history')}
        columns={orderColumns(t, true)}
        rows={(history.data?.orderList ?? []).map((o) => orderRow(ctx, o))}
        loading={history.isPending && history.fetchStatus !== 'idle'}
        loadingText={t('common.loading')}
        noDataText={t('futures.orders.none')}
        stackOnNarrow
        lines={10}
      />
    ),
    fills: (
      <DataTable
        label={t('futures.tabs.fills')}
        columns={tradeColumns(t)}
        rows={(fills.data?.tradeList ?? []).map((trade) => tradeRow(ctx, trade))}
        loading={fills.isPending && fills.fetchStatus !== 'idle'}
        loadingText={t('common.loading')}
        noDataText={t('futures.orders.noFills')}
        stackOnNarrow
        lines={10}
      />
    ),
  }[tab];

  const badge = (n: number | undefined) => (n ? ` (${n})` : '');
  return (
    <section className={styles.orders} aria-label={t('futures.tabs.label')} data-testid="futures-user-tabs">
      <div className={styles.ordersBar}>
        <Tabs
          label={t('futures.tabs.label')}
          value={tab}
          onValueChange={(v) => setTab(v as Tab)}
          items={[
            { key: 'positions', name: `${t('futures.tabs.positions')}${badge(positions.length)}` },
            { key: 'open', name: `${t('futures.tabs.open')}${badge(counts?.orderCount)}` },
            { key: 'triggers', name: `${t('futures.tabs.triggers')}${badge(counts?.triggerOrderCount)}` },
            { key: 'history', name: t('futures.tabs.history') },
            { key: 'fills', name: t('futures.tabs.fills') },
          ]}
        />
        {tab === 'open' && openOrders.length > 0 && (
          <Button variant="text" onClick={() => void cancelOrders()} disabled={cancelling !== null}>
            {t('futures.orders.cancelAll')}
          </Button>
        )}
      </div>
      {table}
    </section>
  );
}
