import Big from 'big.js';
import { findCoin } from '../catalog/coins.ts';
import { findMarket } from '../catalog/markets.ts';
import { MARGIN_DEFAULTS } from '../core/margin/margin-rules.ts';
import { type AdminCommand, change, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, optional, rate, required, symbol } from './admin-input.ts';

/**
 * Isolated margin's settings: what each coin costs to borrow (a daily rate, the least loan) and each pair's risk
 * lines. A pair is opened for margin with `market add --lever 1 --multiple N`. The core reads these within seconds.
 */
export const marginCommands: Record<string, AdminCommand> = {
  'margin coin': {
    usage: `margin coin --coin USDT --daily-rate ${MARGIN_DEFAULTS.dailyRate} [--min-borrow 10]`,
    options: stringFlags('coin', 'daily-rate', 'min-borrow'),
    async run(ctx, _p, f) {
      const coin = symbol(required(f, 'coin'), 'coin');
      const listed = await findCoin(ctx.handle.db, coin);
      if (!listed) throw new AdminInputError(`coin ${coin} is not listed (coin add first)`);
      const dailyRate = rate(required(f, 'daily-rate'), 'daily-rate', '0.1');
      const minBorrow = decimal(optional(f, 'min-borrow') ?? new Big(10).pow(-listed.scale).toFixed(), 'min-borrow');
      if (new Big(minBorrow).round(listed.scale, Big.roundDown).cmp(minBorrow) !== 0)
        throw new AdminInputError(`--min-borrow has more decimals than ${coin} keeps (${listed.scale})`);
      const row = {
        coin,
        daily_rate: dailyRate,
        min_borrow: new Big(minBorrow).toFixed(),
        updated_at: ctx.clock.now(),
      };
      await change(ctx, { action: 'margin.coin', subject: coin, detail: row }, async (db) => {
        await db
          .insertInto('margin_coins')
          .values(row)
          .onConflict((oc) =>
            oc
              .column('coin')
              .doUpdateSet({ daily_rate: dailyRate, min_borrow: row.min_borrow, updated_at: row.updated_at }),
          )
          .execute();
      });
      return `margin ${coin}: ${new Big(dailyRate).times(100).toFixed()}% a day, least loan ${row.min_borrow}`;
    },
  },
  'margin pair': {
    usage: `margin pair --symbol BTCUSDT [--warn ${MARGIN_DEFAULTS.warnRate}] [--transfer ${MARGIN_DEFAULTS.transferRate}] [--liquidation ${MARGIN_DEFAULTS.liquidationRate}] [--liquidation-margin ${MARGIN_DEFAULTS.liquidationMargin}]`,
    options: stringFlags('symbol', 'warn', 'transfer', 'liquidation', 'liquidation-margin'),
    async run(ctx, _p, f) {
      const pair = symbol(required(f, 'symbol'), 'symbol');
      const market = await findMarket(ctx.handle.db, pair.toLowerCase());
      if (!market) throw new AdminInputError(`market ${pair} does not exist`);
      const existing = await ctx.handle.db
        .selectFrom('margin_pairs')
        .selectAll()
        .where('symbol', '=', pair)
        .executeTakeFirst();
      const line = (name: string, fallback: string) => rate(optional(f, name) ?? fallback, name, '100');
      const row = {
        symbol: pair,
        warn_rate: line('warn', existing?.warn_rate ?? MARGIN_DEFAULTS.warnRate),
        transfer_rate: line('transfer', existing?.transfer_rate ?? MARGIN_DEFAULTS.transferRate),
        liquidation_rate: line('liquidation', existing?.liquidation_rate ?? MARGIN_DEFAULTS.liquidationRate),
        liquidation_margin: rate(
          optional(f, 'liquidation-margin') ?? existing?.liquidation_margin ?? MARGIN_DEFAULTS.liquidationMargin,
          'liquidation-margin',
          '0.5',
        ),
        updated_at: ctx.clock.now(),
      };
      const [warn, transfer, liquidation] = [row.warn_rate, row.transfer_rate, row.liquidation_rate].map(
        (r) => new Big(r),
      );
      if (!liquidation!.gt(1)) throw new AdminInputError('--liquidation must be above 1 (100%)');
      if (!(warn!.gt(liquidation!) && transfer!.gte(warn!)))
        throw new AdminInputError('the lines must rise: --liquidation < --warn <= --transfer');
      const { symbol: _s, ...set } = row;
      await change(ctx, { action: 'margin.pair', subject: pair, detail: row }, async (db) => {
        await db
          .insertInto('margin_pairs')
          .values(row)
          .onConflict((oc) => oc.column('symbol').doUpdateSet(set))
          .execute();
      });
      return `margin ${pair}: warning ${row.warn_rate}, transfer ${row.transfer_rate}, liquidation ${row.liquidation_rate}, margin ${row.liquidation_margin}`;
    },
  },
};
