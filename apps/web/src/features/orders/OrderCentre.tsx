import { tradeExport } from '@opex/contract/calls/trade';
import { coinDigits, EMPTY_DISPLAY, formatAmount, formatDateTime } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicInfo } from '../../api/common.ts';
import { exportUrl } from '../../api/export-url.ts';
import {
  type OrderCalls,
  orderFills,
  refreshAfterCancel,
  useCancelOrder,
  useOpenOrders,
  useOrderHistory,
  useTradeHistory,
} from '../../api/orders.ts';
import { datePickerText } from '../../i18n/control-text.ts';
import { errorText } from '../../i18n/error-text.ts';
import { displayNumber } from '../../markets/market-format.ts';
import type { MarketGroups } from '../../markets/market-symbol.ts';
import { dayRange } from '../../records/date-range.ts';
import { PagedTable } from '../../records/PagedTable.tsx';
import { SectionMenuLayout } from '../../section-menus/SectionMenuLayout.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { TableCell, TableColumn, TableRow } from '../../ui/data-table/table-types.ts';
import { DatePicker } from '../../ui/date-picker/DatePicker.tsx';
import { sectionClasses } from '../../ui/section-layout/SectionLayout.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { Tabs } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { canCancel, isZero, type OrderItem, statusKey, symbolOf, volumeUnit } from './order-view.ts';
import { ordersMenu } from './orders-menu.ts';

const PAGE_SIZE = 20;
const ALL = 'all';
type Tab = 'open' | 'history' | 'trades';

export interface OrderCentreProps {
  /** The product's order calls (api/orders.ts). */
  calls: OrderCalls;
  /** The order centre's page (its title: orderCenter.menu.<page>). */
  page: 'exchangeOrder' | 'leverageOrder';
  /** The markets the market filter offers, as public info groups them by quote coin. */
  marketGroups: MarketGroups;
}

/**
 * An order centre page (/order/exchangeOrder, /order/leverageOrder): the user's orders of one product in tabs (open
 * orders; order history with each order's fills; for spot, trade history with a CSV export), filtered by market,
 * side and days (and order type for spot, cancelled-unfilled orders for margin), paged; open orders can be cancelled.
 */
export function OrderCentre({ calls, page: pageName, marketGroups }: OrderCentreProps) {
  const { t, i18n } = useTranslation();
  const tabs: Tab[] = calls.trades ? ['open', 'history', 'trades'] : ['open', 'history'];
  const spot = calls.product === 'spot';
  const toast = useToast();
  const client = useQueryClient();
  const info = usePublicInfo();
  const [tab, setTab] = useState<Tab>('open');
  const [symbol, setSymbol] = useState(ALL);
  const [side, setSide] = useState<'BUY' | 'SELL' | typeof ALL>(ALL);
  const [type, setType] = useState<'1' | '2' | typeof ALL>(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [showCancelled, setShowCancelled] = useState(true);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancel = useCancelOrder(calls);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const markets = Object.values(marketGroups).flatMap((group) => Object.values(group));
  const marketName = new Map(markets.map((m) => [m.symbol, m.showName || m.name]));
  const coinsOf = new Map(
    Object.entries(marketGroups).flatMap(([quote, group]) =>
      Object.values(group).map((m) => [m.symbol, { base: m.name.split('/')[0] ?? m.name, quote }]),
    ),
  );
  // Every amount carries its coin; quote-coin amounts (totals, turnover) are at the quote coin's precision.
  const quoteAmount = (value: string, quote: string) =>
    formatAmount(value, coinDigits(info.market.coinList, quote, 8), quote);
  const filter = {
    ...(symbol === ALL ? {} : { symbol }),
    ...dayRange(from, to),
  };
  const listFilter = {
    ...filter,
    ...(side === ALL ? {} : { side }),
    ...(type === ALL ? {} : { type: Number(type) as 1 | 2 }),
    isShowCanceled: showCancelled ? (1 as const) : (0 as const),
    page,
    pageSize: PAGE_SIZE,
  };
  const open = useOpenOrders(calls, listFilter, tab === 'open');
  const history = useOrderHistory(calls, listFilter, tab === 'history');
  const trades = useTradeHistory({ ...filter, page, pageSize: PAGE_SIZE }, tab === 'trades');
  const active = { open, history, trades }[tab];

  const cancelOrder = async (order: OrderItem) => {
    setCancelling(order.id);
    try {
      await cancel.mutateAsync({ orderId: order.id, symbol: symbolOf(order) });
      toast.success(t('orderCenter.cancelled'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      setCancelling(null);
      await refreshAfterCancel(client, calls);
    }
  };

  const text = (value: string): TableCell => ({ type: 'text', text: value });
  const sideCell = (s: 'BUY' | 'SELL'): TableCell => ({
    type: 'label',
    tone: s === 'BUY' ? 'buy' : 'sell',
    text: t(`orderCenter.side.${s}`),
  });
  const orderRow = (order: OrderItem): TableRow => ({
    id: String(order.id),
    cells: {
      time: text(formatDateTime(order.time_long)),
      market: text(`${order.baseCoin}/${order.countCoin}`),
      type: text(t(`orderCenter.type.${order.type === 2 ? 'market' : 'limit'}`)),
      side: sideCell(order.side),
      price: text(order.type === 2 ? t('orderCenter.marketPrice') : displayNumber(order.price)),
      avgPrice: text(isZero(order.avg_price) ? EMPTY_DISPLAY : displayNumber(order.avg_price)),
      // Only a market buy's amount is not in the base coin: it is what the order spends.
      amount: text(`${displayNumber(order.volume)} ${volumeUnit(order)}`),
      filled: text(`${displayNumber(order.deal_volume)} ${order.baseCoin}`),
      total: text(quoteAmount(order.total_price, order.countCoin)),
      status: { type: 'label', tone: 'muted', text: t(`orderCenter.status.${statusKey(order)}`) },
      // Fills open below the row (one order at a time); an open order can be cancelled beside them.
      action: [
        ...(tab === 'open' && canCancel(order)
          ? [
              {
                type: 'button' as const,
                tone: 'sell' as const,
                text: t('orderCenter.cancel'),
                disabled: cancelling === order.id,
                onClick: () => void cancelOrder(order),
              },
            ]
          : []),
        { type: 'subTable', text: t('orderCenter.details') },
      ],
    },
  });

  // Short words get fixed room, so the numbers share the rest (a market buy's amount carries its coin: 50.00 USDT).
  const orderColumns: TableColumn[] = [
    { key: 'time', title: t('orderCenter.column.time'), width: '15%' },
    { key: 'market', title: t('orderCenter.column.market'), width: '7em' },
    { key: 'type', title: t('orderCenter.column.type'), width: '6em' },
    { key: 'side', title: t('orderCenter.column.side'), width: '4.5em' },
    { key: 'price', title: t('orderCenter.column.price'), align: 'right' },
    ...(tab === 'history'
      ? [{ key: 'avgPrice', title: t('orderCenter.column.avgPrice'), align: 'right' as const }]
      : []),
    { key: 'amount', title: t('orderCenter.column.amount'), align: 'right' },
    { key: 'filled', title: t('orderCenter.column.filled'), align: 'right' },
    { key: 'total', title: t('orderCenter.column.total'), align: 'right' },
    { key: 'status', title: t('orderCenter.column.status'), align: 'right', width: '7em' },
    { key: 'action', title: t('orderCenter.column.action'), align: 'right', width: '10em' },
  ];
  const tradeColumns: TableColumn[] = [
    { key: 'time', title: t('orderCenter.column.time'), width: '15%' },
    { key: 'market', title: t('orderCenter.column.market') },
    { key: 'side', title: t('orderCenter.column.side') },
    { key: 'role', title: t('orderCenter.column.role') },
    { key: 'price', title: t('orderCenter.column.price'), align: 'right' },
    { key: 'volume', title: t('orderCenter.column.filled'), align: 'right' },
    { key: 'amount', title: t('orderCenter.column.turnover'), align: 'right' },
    { key: 'fee', title: t('orderCenter.column.fee'), align: 'right' },
  ];

  const rows: TableRow[] =
    tab === 'trades'
      ? (trades.data?.tradeList ?? []).map((trade) => {
          const coins = coinsOf.get(trade.symbol);
          return {
            id: String(trade.id),
            cells: {
              time: text(formatDateTime(trade.ctime)),
              market: text(marketName.get(trade.symbol) ?? trade.symbol.toUpperCase()),
              side: sideCell(trade.side),
              role: text(t(`orderCenter.role.${trade.role}`)),
              price: text(displayNumber(trade.price)),
              volume: text(coins ? `${displayNumber(trade.volume)} ${coins.base}` : displayNumber(trade.volume)),
              amount: text(coins ? quoteAmount(trade.deal_price, coins.quote) : displayNumber(trade.deal_price)),
              fee: text(`${displayNumber(trade.fee)} ${trade.feeCoin}`),
            },
          };
        })
      : ((tab === 'open' ? open : history).data?.orderList ?? []).map(orderRow);

  const loadFills = async (rowId: string) => {
    const order = ((tab === 'open' ? open : history).data?.orderList ?? []).find((o) => String(o.id) === rowId);
    const fills = await orderFills(calls, Number(rowId), order && symbolOf(order), 100);
    return (
      <DataTable
        label={t('orderCenter.fills')}
        lines={5}
        noDataText={t('orderCenter.noFills')}
        columns={[
          { key: 'time', title: t('orderCenter.column.time') },
          { key: 'price', title: t('orderCenter.column.price'), align: 'right' },
          { key: 'volume', title: t('orderCenter.column.filled'), align: 'right' },
          { key: 'amount', title: t('orderCenter.column.turnover'), align: 'right' },
          { key: 'fee', title: t('orderCenter.column.fee'), align: 'right' },
        ]}
        rows={fills.map((fill, index) => ({
          id: String(index),
          cells: {
            time: text(formatDateTime(fill.ctime)),
            price: text(displayNumber(fill.price)),
            volume: text(order ? `${displayNumber(fill.volume)} ${order.baseCoin}` : displayNumber(fill.volume)),
            amount: text(order ? quoteAmount(fill.deal_price, order.countCoin) : displayNumber(fill.deal_price)),
            fee: text(`${displayNumber(fill.fee)} ${fill.feeCoin}`),
          },
        }))}
      />
    );
  };

  const count = (tab === 'trades' ? trades.data?.count : (tab === 'open' ? open : history).data?.count) ?? 0;
  const dateText = datePickerText(t, i18n.language);

  return (
    <SectionMenuLayout
      menu={ordersMenu}
      title={t(`orderCenter.menu.${pageName}`)}
      actions={
        tab === 'trades' && (
          <a className={sectionClasses.actionLink} href={exportUrl(tradeExport, filter)} download>
            {t('orderCenter.export')}
          </a>
        )
      }
    >
      <Tabs
        label={t(`orderCenter.menu.${pageName}`)}
        value={tab}
        onValueChange={refilter((key: string) => setTab(key as Tab))}
        items={tabs.map((key) => ({ key, name: t(`orderCenter.tab.${key}`) }))}
      />
      <div className={sectionClasses.filters}>
        <Select
          label={t('orderCenter.column.market')}
          value={symbol}
          searchable
          searchLabel={t('orderCenter.searchMarket')}
          noDataText={t('common.noData')}
          options={[
            { code: ALL, value: t('orderCenter.allMarkets') },
            ...markets.map((m) => ({ code: m.symbol, value: m.showName || m.name })),
          ]}
          onChange={(o) => refilter(setSymbol)(o.code)}
        />
        {tab !== 'trades' && (
          <Select
            label={t('orderCenter.column.side')}
            value={side}
            options={[
              { code: ALL, value: t('orderCenter.allSides') },
              { code: 'BUY', value: t('orderCenter.side.BUY') },
              { code: 'SELL', value: t('orderCenter.side.SELL') },
            ]}
            onChange={(o) => refilter(setSide)(o.code as typeof side)}
          />
        )}
        {tab !== 'trades' && spot && (
          <Select
            label={t('orderCenter.column.type')}
            value={type}
            options={[
              { code: ALL, value: t('orderCenter.allTypes') },
              { code: '1', value: t('orderCenter.type.limit') },
              { code: '2', value: t('orderCenter.type.market') },
            ]}
            onChange={(o) => refilter(setType)(o.code as typeof type)}
          />
        )}
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
        {tab === 'history' && !spot && (
          <label className={sectionClasses.check}>
            <input
              type="checkbox"
              checked={showCancelled}
              onChange={(e) => refilter(setShowCancelled)(e.target.checked)}
            />
            {t('orderCenter.showCancelled')}
          </label>
        )}
        <Button
          variant="text"
          onClick={() => {
            setSymbol(ALL);
            setSide(ALL);
            setType(ALL);
            setFrom('');
            setTo('');
            setShowCancelled(true);
            setPage(1);
          }}
        >
          {t('orderCenter.reset')}
        </Button>
      </div>
      <PagedTable
        label={t(`orderCenter.tab.${tab}`)}
        columns={tab === 'trades' ? tradeColumns : orderColumns}
        rows={rows}
        loading={active.isPending}
        noDataText={t(tab === 'trades' ? 'orderCenter.noTrades' : 'orderCenter.noOrders')}
        {...(tab === 'trades' ? {} : { loadSubTable: loadFills })}
        page={page}
        count={count}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
      />
    </SectionMenuLayout>
  );
}
