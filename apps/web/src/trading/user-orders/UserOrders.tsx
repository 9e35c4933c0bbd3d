import { orderCancelAll } from '@opex/contract/calls/order';
import { tradeList } from '@opex/contract/calls/trade';
import { formatAmount, formatDateTime } from '@opex/contract/display';
import Big from 'big.js';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import {
  type OrderCalls,
  type OrderPage,
  orderFills,
  useCancelOrder,
  useOpenOrders,
  useOrderHistory,
} from '../../api/orders.ts';
import { useCallMutation, useCallQuery } from '../../api/query.ts';
import { errorText } from '../../i18n/error-text.ts';
import { type ChosenMarket, findMarket } from '../../markets/market-symbol.ts';
import { formatAt } from '../../markets/trade-format.ts';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { Alert } from '../../ui/dialog/Alert.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden/VisuallyHidden.tsx';
import styles from '../trading.module.css';
import { usePhoneLayout } from '../use-phone-layout.ts';

type Order = OrderPage['orderList'][number];
type Trade = NonNullable<ReturnType<typeof useCallQuery<typeof tradeList>>['data']>['tradeList'][number];
type Tab = 'open' | 'history' | 'trades';

const PAGE = { page: 1, pageSize: 20 } as const;
/** Columns a phone has no room for. */
const phoneHides = new Set(['deal', 'avg', 'status', 'trigger', 'role', 'total']);
/** Status of a stop-limit order waiting for its trigger (contract OrderStatus). */
const WAITING_TRIGGER = 8;

/**
 * The logged-in trader's open orders (with cancel and cancel all), finished orders and own trades, in this market
 * or, with "hide other pairs" off, in every market; a finished order opens its fills (trade/list_by_order). The
 * private socket channel's pushes are merged into the orders and make the fills stale (realtime/user-streams.ts);
 * our own cancel reads them again. Shared by the pages that trade: `calls` says which account's orders (margin has no
 * trade list and no cancel all).
 */
export function UserOrders({
  market,
  calls,
  onChanged,
}: {
  market: ChosenMarket;
  calls: OrderCalls;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const phone = usePhoneLayout();
  const groups = usePublicInfo().market.market;
  const [tab, setTab] = useState<Tab>('open');
  const [thisPairOnly, setThisPairOnly] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const input = thisPairOnly ? { ...PAGE, symbol: market.entry.symbol } : PAGE;
  const spot = calls.product === 'spot';
  const open = useOpenOrders(calls, input, true);
  const history = useOrderHistory(calls, input, tab === 'history');
  const trades = useCallQuery(tradeList, input, { enabled: tab === 'trades' });
  const cancel = useCancelOrder(calls);
  const cancelAll = useCallMutation(orderCancelAll);

  /** The market of a row (another pair's when "hide other pairs" is off), for its decimals and name. */
  const marketOf = (segment: string) => findMarket(groups, segment) ?? market;
  const orderMarket = (o: Order) => marketOf(`${o.baseCoin}_${o.countCoin}`);
  const pair = (m: ChosenMarket): TableRow['cells'] => (thisPairOnly ? {} : { pair: { type: 'text', text: m.name } });
  const time = (ms: number): TableRow['cells'][string] =>
    // A phone shows month-day and minutes: the year and seconds do not fit its column.
    ({ type: 'text', text: phone ? formatDateTime(ms).slice(5, 16) : formatDateTime(ms) });

  const typeName = (o: Order) =>
    o.triggerPrice !== undefined ? t('trade.form.stopLimit') : t(`trade.orders.type.${o.orderType ?? o.type}`);
  const common = (o: Order): TableRow['cells'] => {
    const m = orderMarket(o);
    const { price, volume } = m.entry;
    return {
      time: time(o.time_long),
      ...pair(m),
      side: {
        type: 'label',
        // A phone's narrow column takes the order's type over its side.
        text: phone ? (
          <span className={styles.stackedStart}>
            {typeName(o)} <span>{t(o.side === 'BUY' ? 'trade.orders.buy' : 'trade.orders.sell')}</span>
          </span>
        ) : (
          `${typeName(o)} ${t(o.side === 'BUY' ? 'trade.orders.buy' : 'trade.orders.sell')}`
        ),
        tone: o.side === 'BUY' ? 'buy' : 'sell',
      },
      price: {
        type: 'text',
        text:
          o.type === 2 ? (
            t('trade.form.market')
          ) : phone && o.triggerPrice ? (
            // A phone has no trigger column: the trigger goes under the price.
            <span className={styles.stacked}>
              {formatAt(o.price, price)}
              <small>
                <VisuallyHidden>{t('trade.orders.trigger')} </VisuallyHidden>
                {formatAt(o.triggerPrice, price)}
              </small>
            </span>
          ) : (
            formatAt(o.price, price)
          ),
      },
      // Amounts carry their coin: a market buy's volume is the quote it spends.
      volume: {
        type: 'text',
        text:
          o.type === 2 && o.side === 'BUY'
            ? formatAmount(o.volume, price, m.quote)
            : formatAmount(o.volume, volume, m.base),
      },
      deal: { type: 'text', text: formatAmount(o.deal_volume, volume, m.base) },
      avg: { type: 'text', text: new Big(o.deal_volume).gt(0) ? formatAt(o.avg_price, price) : '--' },
    };
  };
  const pairColumn: TableColumn[] = thisPairOnly ? [] : [{ key: 'pair', title: t('trade.orders.pair') }];
  const visible = (all: TableColumn[]) => (phone ? all.filter((column) => !phoneHides.has(column.key)) : all);
  /** The columns orders and fills both open with. */
  const leadColumns: TableColumn[] = [
    { key: 'time', title: t('trade.orders.time'), width: phone ? '24%' : '16%' },
    ...pairColumn,
    { key: 'side', title: t('trade.orders.side') },
    { key: 'price', title: t('trade.orders.price'), align: 'right' },
    { key: 'volume', title: t('trade.orders.volume'), align: 'right' },
  ];
  const orderColumns = (extra: TableColumn[]): TableColumn[] =>
    visible([
      ...leadColumns,
      { key: 'deal', title: t('trade.orders.deal'), align: 'right' },
      { key: 'avg', title: t('trade.orders.avg'), align: 'right' },
      ...extra,
    ]);

  const cancelOrder = (o: Order) =>
    cancel.mutate(
      { orderId: o.id, symbol: orderMarket(o).entry.symbol },
      { onSuccess: onChanged, onError: (error) => toast.error(errorText(t, error)) },
    );
  const cancelEverything = () =>
    cancelAll.mutateAsync(thisPairOnly ? { symbol: market.entry.symbol } : {}).then(
      (reply) => {
        toast.success(t('trade.orders.cancelAllDone', { count: reply.count }));
        onChanged();
      },
      (error: unknown) => toast.error(errorText(t, error)),
    );

  function statusText(o: Pick<Order, 'status' | 'status_text'>) {
    return t(`trade.status.${o.status}`, { defaultValue: o.status_text });
  }
  const openRows: TableRow[] = (open.data?.orderList ?? []).map((o) => ({
    id: String(o.id),
    cells: {
      ...common(o),
      trigger: {
        type: 'text',
        text: o.triggerPrice ? formatAt(o.triggerPrice, orderMarket(o).entry.price) : '--',
      },
      status: { type: 'label', text: statusText(o), tone: o.status === WAITING_TRIGGER ? 'warning' : 'muted' },
      action: {
        type: 'button',
        text: t('trade.orders.cancel'),
        tone: 'sell',
        disabled: cancel.isPending && cancel.variables?.orderId === o.id,
        onClick: () => cancelOrder(o),
      },
    },
  }));
  const historyRows: TableRow[] = (history.data?.orderList ?? []).map((o) => ({
    id: String(o.id),
    cells: {
      ...common(o),
      status: new Big(o.deal_volume).gt(0)
        ? { type: 'subTable', text: statusText(o) }
        : { type: 'text', text: statusText(o) },
    },
  }));
  const tradeRows: TableRow[] = (trades.data?.tradeList ?? []).map((f: Trade) => {
    const m = marketOf(f.symbol);
    return {
      id: String(f.id),
      cells: {
        time: time(f.ctime),
        ...pair(m),
        side: {
          type: 'label',
          text: t(f.side === 'BUY' ? 'trade.orders.buy' : 'trade.orders.sell'),
          tone: f.side === 'BUY' ? 'buy' : 'sell',
        },
        price: { type: 'text', text: formatAt(f.price, m.entry.price) },
        volume: { type: 'text', text: `${formatAt(f.volume, m.entry.volume)} ${m.base}` },
        total: { type: 'text', text: `${formatAt(f.deal_price, m.entry.price)} ${m.quote}` },
        fee: { type: 'text', text: `${f.fee} ${f.feeCoin}` },
        role: { type: 'text', text: t(`trade.orders.${f.role}`) },
      },
    };
  });
  const tradeColumns = visible([
    ...leadColumns,
    { key: 'total', title: t('trade.orders.total'), align: 'right' },
    { key: 'fee', title: t('trade.orders.fee'), align: 'right' },
    { key: 'role', title: t('trade.orders.role'), align: 'right' },
  ]);

  const loadFills = async (rowId: string) => {
    const order = history.data?.orderList.find((o) => String(o.id) === rowId);
    const orderMkt = order ? orderMarket(order) : market;
    const fills = await orderFills(calls, Number(rowId), orderMkt.entry.symbol, 50);
    const { price, volume } = orderMkt.entry;
    return (
      <ul className={styles.fills}>
        {fills.map((f) => (
          <li key={`${f.ctime}-${f.price}-${f.volume}`}>
            <span>{formatDateTime(f.ctime)}</span>
            <span>
              {formatAmount(f.volume, volume, market.base)} @ {formatAt(f.price, price)}
            </span>
            <span>
              {t('trade.orders.fee')} {f.fee} {f.feeCoin}
            </span>
          </li>
        ))}
      </ul>
    );
  };

  const openCount = open.data?.count ?? 0;
  const tables: Record<Tab, ReactNode> = {
    open: (
      <DataTable
        label={t('trade.orders.open', { count: openCount })}
        columns={orderColumns([
          // Margin has no stop orders: no trigger to show.
          ...(spot ? [{ key: 'trigger', title: t('trade.orders.trigger'), align: 'right' as const }] : []),
          { key: 'status', title: t('trade.orders.status'), align: 'right' },
          { key: 'action', title: t('trade.orders.action'), align: 'right' },
        ])}
        rows={openRows}
        loading={open.isPending}
        noDataText={t(thisPairOnly ? 'trade.orders.noOpen' : 'trade.orders.noOpenAll')}
        lines={6}
      />
    ),
    history: (
      <DataTable
        label={t('trade.orders.history')}
        columns={orderColumns([{ key: 'status', title: t('trade.orders.status'), align: 'right' }])}
        rows={historyRows}
        loading={history.isPending}
        noDataText={t(thisPairOnly ? 'trade.orders.noHistory' : 'trade.orders.noHistoryAll')}
        lines={6}
        loadSubTable={loadFills}
        loadingText={t('common.loading')}
      />
    ),
    trades: (
      <DataTable
        label={t('trade.orders.trades')}
        columns={tradeColumns}
        rows={tradeRows}
        loading={trades.isPending}
        noDataText={t(thisPairOnly ? 'trade.orders.noTrades' : 'trade.orders.noTradesAll')}
        lines={6}
      />
    ),
  };
  const testIds: Record<Tab, string> = { open: 'open-orders', history: 'order-history', trades: 'trade-history' };
  return (
    <section className={styles.orders} aria-label={t('trade.orders.label')}>
      <div className={styles.ordersBar}>
        <Tabs
          label={t('trade.orders.label')}
          value={tab}
          onValueChange={(v) => setTab(v as Tab)}
          items={[
            { key: 'open', name: t('trade.orders.open', { count: openCount }) },
            { key: 'history', name: t('trade.orders.history') },
            ...(calls.trades ? [{ key: 'trades', name: t('trade.orders.trades') }] : []),
          ]}
        />
        <div className={styles.ordersTools}>
          <label>
            <input type="checkbox" checked={thisPairOnly} onChange={(e) => setThisPairOnly(e.target.checked)} />
            {t('trade.orders.hideOthers')}
          </label>
          {tab === 'open' && spot && (
            <Button variant="text" disabled={openCount === 0} onClick={() => setConfirming(true)}>
              {t('trade.orders.cancelAll')}
            </Button>
          )}
        </div>
      </div>
      <div data-testid={testIds[tab]}>{tables[tab]}</div>
      <Alert
        open={confirming}
        onOpenChange={setConfirming}
        tone="sell"
        title={t('trade.orders.cancelAllTitle')}
        message={t(thisPairOnly ? 'trade.orders.cancelAllMessagePair' : 'trade.orders.cancelAllMessageAll', {
          count: openCount,
          market: market.name,
        })}
        confirmText={t('trade.orders.cancelAll')}
        cancelText={t('trade.orders.keep')}
        onConfirm={cancelEverything}
      />
    </section>
  );
}
