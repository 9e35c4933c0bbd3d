import { orderCancel, orderEntrustHistory, orderListNew } from '@opex/contract/calls/order';
import { tradeListByOrder } from '@opex/contract/calls/trade';
import { formatAmount, formatDateTime } from '@opex/contract/display';
import Big from 'big.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '../../api/call.ts';
import { useCallMutation, useCallQuery } from '../../api/query.ts';
import { errorText } from '../../i18n/error-text.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import type { ChosenMarket } from './market-symbol.ts';
import styles from './trade.module.css';
import { formatAt } from './trade-format.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

type OrderList = NonNullable<ReturnType<typeof useCallQuery<typeof orderListNew>>['data']>;
type Order = OrderList['orderList'][number];

const PAGE = { page: 1, pageSize: 20 } as const;
/** Columns a phone has no room for. */
const phoneHides = new Set(['deal', 'avg']);

/**
 * The logged-in trader's open orders (with cancel) and recent finished orders in this market; a finished order
 * opens its fills (trade/list_by_order). The private socket channel refreshes both; so does our own cancel.
 */
export function UserOrders({ market, onChanged }: { market: ChosenMarket; onChanged: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const phone = usePhoneLayout();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const input = { ...PAGE, symbol: market.entry.symbol };
  const open = useCallQuery(orderListNew, input);
  const history = useCallQuery(orderEntrustHistory, input, { enabled: tab === 'history' });
  const cancel = useCallMutation(orderCancel);
  const { price, volume } = market.entry;

  const common = (o: Order): TableRow['cells'] => ({
    // A phone shows month-day and minutes: the year and seconds do not fit its column.
    time: { type: 'text', text: phone ? formatDateTime(o.time_long).slice(5, 16) : formatDateTime(o.time_long) },
    side: {
      type: 'label',
      text: `${t(o.type === 2 ? 'trade.form.market' : 'trade.form.limit')} ${t(o.side === 'BUY' ? 'trade.orders.buy' : 'trade.orders.sell')}`,
      tone: o.side === 'BUY' ? 'buy' : 'sell',
    },
    price: { type: 'text', text: o.type === 2 ? t('trade.form.market') : formatAt(o.price, price) },
    // Amounts carry their coin: a market buy's volume is the quote it spends.
    volume: {
      type: 'text',
      text:
        o.type === 2 && o.side === 'BUY'
          ? formatAmount(o.volume, price, market.quote)
          : formatAmount(o.volume, volume, market.base),
    },
    deal: { type: 'text', text: formatAmount(o.deal_volume, volume, market.base) },
    avg: { type: 'text', text: new Big(o.deal_volume).gt(0) ? formatAt(o.avg_price, price) : '--' },
  });
  const columns = (last: TableColumn): TableColumn[] => {
    const all: TableColumn[] = [
      { key: 'time', title: t('trade.orders.time'), width: phone ? '24%' : '18%' },
      { key: 'side', title: t('trade.orders.side') },
      { key: 'price', title: t('trade.orders.price'), align: 'right' },
      { key: 'volume', title: t('trade.orders.volume'), align: 'right' },
      { key: 'deal', title: t('trade.orders.deal'), align: 'right' },
      { key: 'avg', title: t('trade.orders.avg'), align: 'right' },
      last,
    ];
    return phone ? all.filter((column) => !phoneHides.has(column.key)) : all;
  };

  const cancelOrder = (o: Order) =>
    cancel.mutate(
      { orderId: o.id, symbol: market.entry.symbol },
      { onSuccess: onChanged, onError: (error) => toast.error(errorText(t, error)) },
    );
  const openRows: TableRow[] = (open.data?.orderList ?? []).map((o) => ({
    id: String(o.id),
    cells: {
      ...common(o),
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
  function statusText(o: Order) {
    return t(`trade.status.${o.status}`, { defaultValue: o.status_text });
  }
  const loadFills = async (rowId: string) => {
    const reply = await invoke(tradeListByOrder, { order_id: Number(rowId), pageSize: 50 });
    return (
      <ul className={styles.fills}>
        {reply.tradeList.map((f) => (
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
  return (
    <section className={styles.orders} aria-label={t('trade.orders.label')}>
      <Tabs
        label={t('trade.orders.label')}
        value={tab}
        onValueChange={(v) => setTab(v as 'open' | 'history')}
        items={[
          { key: 'open', name: t('trade.orders.open', { count: openCount }) },
          { key: 'history', name: t('trade.orders.history') },
        ]}
      />
      <div data-testid={tab === 'open' ? 'open-orders' : 'order-history'}>
        {tab === 'open' ? (
          <DataTable
            label={t('trade.orders.open', { count: openCount })}
            columns={columns({ key: 'action', title: t('trade.orders.action'), align: 'right' })}
            rows={openRows}
            loading={open.isPending}
            noDataText={t('trade.orders.noOpen')}
            lines={6}
          />
        ) : (
          <DataTable
            label={t('trade.orders.history')}
            columns={columns({ key: 'status', title: t('trade.orders.status'), align: 'right' })}
            rows={historyRows}
            loading={history.isPending}
            noDataText={t('trade.orders.noHistory')}
            lines={6}
            loadSubTable={loadFills}
            loadingText={t('common.loading')}
          />
        )}
      </div>
    </section>
  );
}
