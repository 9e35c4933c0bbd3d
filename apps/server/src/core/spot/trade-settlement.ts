import { OrderStatus } from '@opex/contract/calls/order';
import { SYSTEM_OWNER } from '../../ledger/accounts.ts';
import {
  ledgerFromBig,
  ledgerFromUnits,
  ledgerText,
  ledgerToBig,
  mulRate,
  truncateLedger,
} from '../../ledger/ledger-units.ts';
import type { CorePosting } from '../balance-cache.ts';
import type { BatchEffects } from '../batch-effects.ts';
import type { CoreState, Market } from '../core-state.ts';
import { formatUnits } from '../decimal-units.ts';
import { platformFee } from '../fee-coin.ts';
import { feeCoinOf, notionalLedger, type OrderState } from '../order-state.ts';
import { riskStageOf } from '../risk-stages.ts';
import { end } from './order-end.ts';

/**
 * One trade between two orders, settled in the accounts they name: the quote from the buyer's locked to the
 * seller, the base from the seller's locked to the buyer, then each side's fee (truncated to its coin's scale) to
 * the system's fee account. Amounts in ledger units.
 */
export function settleTrade(state: CoreState, batch: BatchEffects, market: Market, i: number, now: number): void {
  const events = market.book.events;
  const spec = market.spec;
  const maker = state.open.get(events.makerId(i)) as OrderState;
  const taker = state.open.get(events.takerId(i)) as OrderState;
  const ticks = events.tradePrice(i);
  const lots = events.tradeQty(i);
  const base = ledgerFromUnits(lots, spec.volumePrecision);
  const quote = notionalLedger(ticks, lots, spec.pricePrecision + spec.volumePrecision);
  const [buyer, seller] = taker.side === 'BUY' ? [taker, maker] : [maker, taker];
  const rate = (o: OrderState) => (o === maker ? spec.makerFeeRate : spec.takerFeeRate);
  const buyerFee = truncateLedger(mulRate(base, rate(buyer)), spec.baseScale);
  const sellerFee = truncateLedger(mulRate(quote, rate(seller)), spec.quoteScale);
  const tradeId = state.nextTradeId++;
  const cause = `trade:${tradeId}`;
  const p = (
    ownerId: number,
    account: CorePosting['account'],
    coin: string,
    field: CorePosting['field'],
    delta: bigint,
  ) => ({ ownerId, account, coin, field, delta }) as CorePosting;
  state.balances.post(
    'trade',
    cause,
    [
      p(buyer.userId, buyer.account, spec.quote, 'locked', -quote),
      p(seller.userId, seller.account, spec.quote, 'available', quote),
      p(seller.userId, seller.account, spec.base, 'locked', -base),
      p(buyer.userId, buyer.account, spec.base, 'available', base),
    ],
    now,
    batch.ledger,
  );
  const buyerCharge = chargeFee(state, batch, buyer, spec.base, buyerFee, cause, now);
  const sellerCharge = chargeFee(state, batch, seller, spec.quote, sellerFee, cause, now);

  buyer.reserve -= quote;
  seller.reserve -= base;
  for (const [o, charge] of [
    [buyer, buyerCharge],
    [seller, sellerCharge],
  ] as const) {
    if (charge.coin === feeCoinOf(o)) o.fee += charge.amount;
    else {
      o.platformFee += charge.amount;
      o.platformFeeCoin = charge.coin;
    }
  }
  for (const [o, coin, gross, charge] of [
    [buyer, spec.base, base, buyerCharge],
    [seller, spec.quote, quote, sellerCharge],
  ] as const) {
    const net = gross - (charge.coin === coin ? charge.amount : 0n);
    riskStageOf(o.account)?.received?.({ state, batch, at: now }, o, coin, net);
  }
  for (const o of [maker, taker]) {
    o.dealLots += lots;
    o.dealMoney += quote;
    o.status = OrderStatus.partiallyFilled;
    o.updatedAt = now;
    batch.orders.set(o.id, o);
  }
  const price = formatUnits(ticks, spec.pricePrecision);
  const volume = formatUnits(lots, spec.volumePrecision);
  batch.trades.push({
    id: tradeId,
    symbol: spec.symbol,
    price,
    volume,
    amount: ledgerText(quote),
    maker_order_id: maker.id,
    taker_order_id: taker.id,
    maker_user_id: maker.userId,
    taker_user_id: taker.userId,
    taker_side: taker.side,
    buyer_fee: ledgerText(buyerCharge.amount),
    seller_fee: ledgerText(sellerCharge.amount),
    buyer_fee_coin: buyerCharge.coin,
    seller_fee_coin: sellerCharge.coin,
    created_at: now,
  });
  batch.events.push({
    type: 'trade',
    tradeId,
    symbol: spec.symbol,
    price,
    volume,
    amount: ledgerText(quote),
    takerSide: taker.side,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    takerOrderId: taker.id,
    ts: now,
  });
  if (events.makerRemaining(i) === 0) end(state, batch, maker, OrderStatus.filled, now);
}

/**
 * Charges one side's trade fee (`fee`, already truncated, in `coin`) to the system's fee account: in the platform
 * coin, discounted, when the user switched that on, the operator set a platform coin, a last price converts it,
 * and the user's available platform coin covers it (fee-coin.ts); otherwise as is. Returns what was charged.
 */
function chargeFee(
  state: CoreState,
  batch: BatchEffects,
  { userId, account }: OrderState,
  coin: string,
  fee: bigint,
  cause: string,
  now: number,
): { coin: string; amount: bigint } {
  if (fee <= 0n) return { coin, amount: fee };
  let charged = { coin, amount: fee };
  const config = state.feeCoin;
  if (config && state.feeCoinUsers.has(userId)) {
    const inPlatform = platformFee(config, ledgerToBig(fee), coin, {
      direct: state.lastPrice(config.coin, coin),
      inverse: state.lastPrice(coin, config.coin),
    });
    const amount = inPlatform?.gt(0) ? ledgerFromBig(inPlatform) : 0n;
    if (amount > 0n && state.balances.get(userId, account, config.coin).available >= amount) {
      charged = { coin: config.coin, amount };
    }
  }
  state.balances.post(
    'fee',
    cause,
    [
      { ownerId: userId, account, coin: charged.coin, field: 'available', delta: -charged.amount },
      { ownerId: SYSTEM_OWNER, account: 'fee', coin: charged.coin, field: 'available', delta: charged.amount },
    ],
    now,
    batch.ledger,
  );
  return charged;
}
