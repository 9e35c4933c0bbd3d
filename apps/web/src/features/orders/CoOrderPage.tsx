import {
  CoOrderType,
  coCurrentOrderList,
  coHisTradeList,
  coHistoryOrderList,
  coOrderCancel,
} from '@opex/contract/calls/co-order';
import { coHistoryPositionList } from '@opex/contract/calls/co-position';
import { coHistoryTriggerOrderList, coTriggerOrderList } from '@opex/contract/calls/co-trigger';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshFutures, useCoPublicInfo, useUserConfig } from '../../api/futures.ts';
import { useCallMutation, useCallQuery } from '../../api/query.ts';
import { useSession } from '../../api/user.ts';
import { coUnitOf } from '../../futures/contracts.ts';
import {
  type CoOrder,
  type CoTrigger,
  closedPositionColumns,
  closedPositionRow,
  orderColumns,
  orderRow,
  type TableContext,
  tradeColumns,
  tradeRow,
  triggerColumns,
  triggerRow,
} from '../../futures/futures-tables.ts';
import { defaultOrderDays } from '../../futures/order-range.ts';
import { datePickerText } from '../../i18n/control-text.ts';
import { errorText } from '../../i18n/error-text.ts';
import { dayRange } from '../../records/date-range.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import type { TableRow } from '../../ui/data-table/table-types.ts';
import { DatePicker } from '../../ui/date-picker/DatePicker.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { ordersMenu } from './orders-menu.ts';

const PAGE_SIZE = 20;
const ALL = 'all';
type Tab = 'open' | 'triggers' | 'history' | 'triggerHistory' | 'fills' | 'positions';
const TABS: Tab[] = ['open', 'triggers', 'history', 'triggerHistory', 'fills', 'positions'];
/**
 * The type filter's choices are the record codes (contract-notes §1.3: 3 IOC, 4 FOK, 5 post-only), not the
 * original's filter, which sent 3/4/5 for post-only/IOC/FOK.
 */
export const TYPE_FILTER = [
  CoOrderType.limit,
  CoOrderType.market,
  CoOrderType.ioc,
  CoOrderType.fok,
  CoOrderType.postOnly,
];
/** A trigger order places a limit or a market order. */
const TRIGGER_TYPE_FILTER = [CoOrderType.limit, CoOrderType.market];
const isTriggerTab = (tab: Tab) => tab === 'triggers' || tab === 'triggerHistory';

/**
 * /order/coOrder: the futures orders of every contract or one: open orders (cancel), trigger orders (cancel one or
 * all), order and trigger history, fills and closed positions; filtered by contract, side and type, and by days (the
 * last 2 by default) for the records, paged. While contracts of more than one family are listed (coType: E real, S
 * simulated, H hybrid), one family at a time.
 */
export default function CoOrderPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const { isLogin } = useSession();
  const catalogue = useCoPublicInfo().data;
  const listed = catalogue?.contractList ?? [];
  const families = [...new Set(listed.map((c) => c.coType))].sort();
  const [picked, setFamily] = useState<string>();
  const family = picked ?? families[0];
  const contracts = listed.filter((c) => c.coType === family);
  /** The family filter, sent only while there is more than one. */
  const byFamily = families.length > 1 && family ? { coType: family as 'E' | 'S' | 'H' } : {};
  const [tab, setTab] = useState<Tab>('open');
  const [contractId, setContractId] = useState(ALL);
  const [side, setSide] = useState(ALL);
  const [type, setType] = useState(ALL);
  const [initialDays] = useState(() => defaultOrderDays(new Date()));
  const [from, setFrom] = useState(initialDays.from);
  const [to, setTo] = useState(initialDays.to);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const config = useUserConfig(contracts[0]?.id, isLogin).data;
  const cancel = useCallMutation(coOrderCancel);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const { startTime, endTime } = dayRange(from, to);
  const filter = {
    ...(contractId === ALL ? {} : { contractId: Number(contractId) }),
    ...(side === ALL ? {} : { side: side as 'BUY' | 'SELL' }),
    ...(type === ALL ? {} : { type: Number(type) }),
    ...byFamily,
    page,
    limit: PAGE_SIZE,
  };
  const range = { beginTime: startTime ?? 0, endTime: endTime ?? Date.now() };
  const open = useCallQuery(coCurrentOrderList, filter, { enabled: tab === 'open' });
  const triggers = useCallQuery(coTriggerOrderList, filter, { enabled: tab === 'triggers' });
  const history = useCallQuery(coHistoryOrderList, { ...filter, ...range }, { enabled: tab === 'history' });
  const triggerHistory = useCallQuery(
    coHistoryTriggerOrderList,
    { ...filter, ...range },
    { enabled: tab === 'triggerHistory' },
  );
  const fills = useCallQuery(
    coHisTradeList,
    {
      ...(contractId === ALL ? {} : { contractId: Number(contractId) }),
      ...byFamily,
      page,
      limit: PAGE_SIZE,
      ...range,
    },
    { enabled: tab === 'fills' },
  );
  const positions = useCallQuery(coHistoryPositionList, contractId === ALL ? {} : { contractId: Number(contractId) }, {
    enabled: tab === 'positions',
  });
  const ctx: TableContext = {
    t,
    contracts: new Map(contracts.map((c) => [c.contractName, c])),
    unit: coUnitOf(config?.coUnit),
  };

  const cancelOrder = async (order: CoOrder) => {
    setCancelling(order.id);
    try {
      await cancel.mutateAsync({ contractId: order.contractId, orderId: order.id });
      toast.success(t('futures.orders.cancelled'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setCancelling(null);
      await refreshFutures(client);
    }
  };

  /** One trigger, or (no trigger named) every active one of the contract filtered, else of every contract. */
  const cancelTriggers = async (trigger?: CoTrigger) => {
    setCancelling(trigger?.id ?? ALL);
    const contractIds = trigger
      ? [trigger.contractId]
      : contractId === ALL
        ? contracts.map((c) => c.id)
        : [Number(contractId)];
    try {
      await Promise.all(
        contractIds.map((id) =>
          cancel.mutateAsync({ contractId: id, isConditionOrder: true, ...(trigger ? { orderId: trigger.id } : {}) }),
        ),
      );
      toast.success(t(trigger ? 'futures.orders.cancelled' : 'futures.orders.allTriggersCancelled'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setCancelling(null);
      await refreshFutures(client);
    }
  };

  const view = {
    open: {
      columns: orderColumns(t, false),
      rows: (open.data?.orderList ?? []).map((o) =>
        orderRow(ctx, o, { onCancel: (order) => void cancelOrder(order), busy: cancelling !== null }),
      ),
      query: open,
      count: open.data?.count ?? 0,
    },
    triggers: {
      columns: triggerColumns(t),
      rows: (triggers.data?.trigOrderList ?? []).map((o) =>
        triggerRow(ctx, o, { onCancel: (trigger) => void cancelTriggers(trigger), busy: cancelling !== null }),
      ),
      query: triggers,
      count: triggers.data?.count ?? 0,
    },
    triggerHistory: {
      columns: triggerColumns(t, true),
      rows: (triggerHistory.data?.trigOrderList ?? []).map((o) => triggerRow(ctx, o)),
      query: triggerHistory,
      count: triggerHistory.data?.count ?? 0,
    },
    history: {
      columns: orderColumns(t, true),
      rows: (history.data?.orderList ?? []).map((o) => orderRow(ctx, o)),
      query: history,
      count: history.data?.count ?? 0,
    },
    fills: {
      columns: tradeColumns(t),
      rows: (fills.data?.tradeHisList ?? []).map((trade) => tradeRow(ctx, trade)),
      query: fills,
      count: fills.data?.count ?? 0,
    },
    positions: {
      columns: closedPositionColumns(t),
      rows: (positions.data?.positionList ?? [])
        .filter((p) => ctx.contracts.has(p.contractName))
        .map((p) => closedPositionRow(ctx, p)) as TableRow[],
      query: positions,
      count: 0,
    },
  }[tab];
  const dateText = datePickerText(t, i18n.language);
  const triggerTab = isTriggerTab(tab);
  const ordersTab = tab === 'open' || tab === 'history' || triggerTab;

  return (
    <SectionMenuLayout menu={ordersMenu} title={t('orderCenter.menu.coOrder')}>
      <Tabs
        label={t('orderCenter.menu.coOrder')}
        value={tab}
        onValueChange={refilter((key: string) => {
          setTab(key as Tab);
          // A trigger places only limit or market orders: another type chosen before would show none.
          if (isTriggerTab(key as Tab) && !TRIGGER_TYPE_FILTER.some((code) => String(code) === type)) setType(ALL);
        })}
        items={TABS.map((key) => ({ key, name: t(`futures.centre.${key}`) }))}
      />
      <div className={sectionClasses.filters}>
        {families.length > 1 && (
          <Select
            label={t('futures.centre.family')}
            value={family ?? ''}
            options={families.map((code) => ({ code, value: familyName(t, code) }))}
            onChange={(o) => {
              setContractId(ALL);
              refilter(setFamily)(o.code);
            }}
          />
        )}
        <Select
          label={t('futures.column.contract')}
          value={contractId}
          options={[
            { code: ALL, value: t('futures.centre.allContracts') },
            ...contracts.map((c) => ({ code: String(c.id), value: c.contractName })),
          ]}
          onChange={(o) => refilter(setContractId)(o.code)}
        />
        {ordersTab && (
          <Select
            label={t('orderCenter.column.side')}
            value={side}
            options={[
              { code: ALL, value: t('orderCenter.allSides') },
              { code: 'BUY', value: t('futures.long') },
              { code: 'SELL', value: t('futures.short') },
            ]}
            onChange={(o) => refilter(setSide)(o.code)}
          />
        )}
        {ordersTab && (
          <Select
            label={t('futures.column.type')}
            value={type}
            options={[
              { code: ALL, value: t('futures.centre.allTypes') },
              ...(triggerTab ? TRIGGER_TYPE_FILTER : TYPE_FILTER).map((code) => ({
                code: String(code),
                value: t(`futures.orderType.${code}`),
              })),
            ]}
            onChange={(o) => refilter(setType)(o.code)}
          />
        )}
        {(tab === 'history' || tab === 'triggerHistory' || tab === 'fills') && (
          <>
            <DatePicker
              {...dateText}
              label={t('orderCenter.from')}
              placeholder={t('orderCenter.from')}
              value={from}
              onChange={refilter(setFrom)}
            />
            <DatePicker
              {...dateText}
              label={t('orderCenter.to')}
              placeholder={t('orderCenter.to')}
              value={to}
              onChange={refilter(setTo)}
            />
          </>
        )}
        <Button
          variant="text"
          onClick={() => {
            setContractId(ALL);
            setSide(ALL);
            setType(ALL);
            setFrom(initialDays.from);
            setTo(initialDays.to);
            setPage(1);
          }}
        >
          {t('orderCenter.reset')}
        </Button>
        {tab === 'triggers' && view.count > 0 && (
          <Button variant="text" onClick={() => void cancelTriggers()} disabled={cancelling !== null}>
            {t('futures.orders.cancelAll')}
          </Button>
        )}
      </div>
      <PagedTable
        label={t(`futures.centre.${tab}`)}
        columns={view.columns}
        rows={view.rows}
        loading={view.query.isPending && view.query.fetchStatus !== 'idle'}
        noDataText={t(
          tab === 'fills'
            ? 'futures.orders.noFills'
            : tab === 'positions'
              ? 'futures.positions.noneClosed'
              : 'futures.orders.none',
        )}
        page={page}
        count={view.count}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </SectionMenuLayout>
  );
}

/** A contract family's name: real and simulated contracts, the hybrid type by its name. */
function familyName(t: TFunction, coType: string): string {
  if (coType === 'S') return t('futures.centre.simulated');
  if (coType === 'E') return t('futures.centre.real');
  return t(`futures.contractType.${coType}`);
}
