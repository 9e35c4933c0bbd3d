import type { userTradeItem } from '@opex/contract/calls/trade';
import type { z } from 'zod';
import { csvDocument } from '../../platform/csv-download.ts';

/** The trade export's CSV: one header line, one line per trade, times in UTC ISO 8601. */
const header = [
  'time',
  'trade_id',
  'order_id',
  'symbol',
  'side',
  'role',
  'price',
  'volume',
  'amount',
  'fee',
  'fee_coin',
];

export function tradesCsv(trades: z.input<typeof userTradeItem>[]): string {
  return csvDocument(
    header,
    trades.map((t) => [
      new Date(t.ctime).toISOString(),
      t.id,
      t.order_id,
      t.symbol,
      t.side,
      t.role,
      t.price,
      t.volume,
      t.deal_price,
      t.fee,
      t.feeCoin,
    ]),
  );
}
