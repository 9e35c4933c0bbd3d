import { KycStatus } from '@opex/contract/calls/security';
import { coinDigits, formatAmount, groupThousands } from '@opex/contract/display';
import { channels, type Ticker } from '@opex/contract/realtime';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invoke } from '../../api/call.ts';
import { switchOn, usePublicInfo } from '../../api/common.ts';
import type { OrderCalls } from '../../api/orders.ts';
import { useSession } from '../../api/user.ts';
import { errorText } from '../../i18n/error-text.ts';
import type { ChosenMarket } from '../../markets/market-symbol.ts';
import { formatAt } from '../../markets/trade-format.ts';
import { useChannel } from '../../realtime/index.ts';
import { useForm } from '../../trading/form/use-form.ts';
import { PercentSlider } from '../../trading/order-form/PercentSlider.tsx';
import styles from '../../trading/trading.module.css';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';
import type { MarketRules, Side } from './order-form.ts';
import { type EntryKind, type TimeInForceChoice, timeInForceChoices } from './order-terms.ts';
import { type SpotFormContext, type SpotFormSummary, spotOrderForm } from './spot-order-form.ts';

export const rulesOf = (market: ChosenMarket): MarketRules => ({
  pricePrecision: market.entry.price,
  volumePrecision: market.entry.volume,
  limitPriceMin: market.entry.limitPriceMin,
  limitVolumeMin: market.entry.limitVolumeMin,
  marketBuyMin: market.entry.marketBuyMin,
  marketSellMin: market.entry.marketSellMin,
  minNotional: market.entry.minNotional,
  priceBandUp: market.entry.priceBandUp,
  priceBandDown: market.entry.priceBandDown,
});

export interface OfferedPrice {
  price: string;
  ifEmpty?: boolean;
}

export interface OrderFormProps {
  market: ChosenMarket;
  side: Side;
  kind: EntryKind;
  /** Spendable balance of the coin this side pays with; undefined for visitors or while loading. */
  available: string | undefined;
  isLogin: boolean;
  /**
   * A price offered by the book (a click on a level: it replaces what is typed) or the last price once it is known
   * (`ifEmpty`: it never overwrites a price the trader already typed).
   */
  offeredPrice: OfferedPrice | undefined;
  /** The product's order calls: spot order/create, or margin lever/order/create with auto-borrow and auto-repay. */
  calls: OrderCalls;
  onPlaced: () => void;
}

/**
 * One side's order form: trigger price (stop-limit), time in force (limit and stop-limit), price, amount (quote to spend for a market buy), percentage shortcuts of the
 * available balance, the total, the estimated fee, the market's trading rules, and the submit. The market's rules are checked before sending; what the server
 * still refuses is shown under the button in the reader's language. On a margin account (calls.product 'margin') the
 * form offers limit and market orders without time in force, with auto-borrow and auto-repay. A thin view: the form's state, summary and errors
 * come from spot-order-form.ts.
 */
export function OrderForm({ market, side, kind, available, isLogin, offeredPrice, calls, onPlaced }: OrderFormProps) {
  const { t } = useTranslation();
  const rules = rulesOf(market);
  // Quote-coin amounts shown (the balance to spend, the total) are at the quote coin's precision.
  const info = usePublicInfo();
  const quoteDigits = coinDigits(info.market.coinList, market.quote, rules.pricePrecision);
  const margin = calls.product === 'margin';
  // The server refuses orders (20018) until the trader's identity is verified: every order under the trade limit
  // switch, margin orders under the operator's kycLimitConfig.lever_trade_kyc_open.
  const { user } = useSession();
  const kycRequired =
    switchOn(info.switch, 'has_trade_limit_open') || (margin && info.kycLimitConfig?.lever_trade_kyc_open === 1);
  const needsKyc = isLogin && kycRequired && !!user && user.authLevel !== KycStatus.approved;
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [autoRepay, setAutoRepay] = useState(false);
  const lastPrice = useChannel<Ticker>(channels.ticker(market.entry.symbol))?.close ?? null;
  const create = useMutation({
    mutationFn: (request: NonNullable<SpotFormSummary['request']>) =>
      invoke(calls.create, {
        ...request,
        symbol: market.entry.symbol,
        ...(margin ? { autoBorrow: autoBorrow ? 1 : 0, autoRepay: autoRepay ? 1 : 0 } : {}),
      }),
  });
  const context: SpotFormContext = {
    side,
    kind,
    rules,
    fees: market.entry,
    available,
    borrows: margin && autoBorrow,
    isLogin,
    lastPrice,
  };
  const { state, summary, dispatch } = useForm(spotOrderForm, context);
  const { errors, triggerCheck, fee, total } = summary;
  const buy = side === 'BUY';
  const payCoin = buy ? market.quote : market.base;
  const amountCoin = summary.spendsQuote ? market.quote : market.base;

  // biome-ignore lint/correctness/useExhaustiveDependencies: offered prices are taken as they come, not on every render
  useEffect(() => {
    if (offeredPrice) dispatch({ type: 'offerPrice', ...offeredPrice });
  }, [offeredPrice]);
  // Another market or kind starts empty: an amount typed for one means nothing in the other.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is keyed on these two on purpose
  useEffect(() => {
    dispatch({ type: 'restart' });
    create.reset();
  }, [market.name, kind]);

  const problemText = (p: { key: string; values?: Record<string, string> } | undefined) =>
    p ? t(`trade.form.error.${p.key}`, { coin: payCoin, quote: market.quote, ...p.values }) : undefined;
  const priceProblem = problemText(errors.price);
  const amountProblem = problemText(errors.amount);
  const triggerProblem = problemText(errors.trigger);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
    if (!summary.request || !isLogin || needsKyc) return;
    create.mutate(summary.request, {
      onSuccess: () => {
        dispatch({ type: 'placed' });
        onPlaced();
      },
    });
  };

  const id = `${side.toLowerCase()}-${kind}`;
  return (
    <form className={styles.orderForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <div className={styles.formLine}>
        <h3 id={`${id}-title`} data-side={buy ? 'buy' : 'sell'}>
          {t(buy ? 'trade.form.buyTitle' : 'trade.form.sellTitle', { coin: market.base })}
        </h3>
        {isLogin && (
          <span className={styles.available}>
            {t('trade.form.available')}{' '}
            <strong data-testid={`available-${side.toLowerCase()}`}>
              {formatAt(available, buy ? quoteDigits : rules.volumePrecision)} {payCoin}
            </strong>
          </span>
        )}
      </div>
      {kind === 'stopLimit' && (
        <AmountInput
          label={t('trade.form.trigger')}
          unit={market.quote}
          precision={rules.pricePrecision}
          value={state.trigger}
          onChange={(trigger) => dispatch({ type: 'typeTrigger', trigger })}
          error={triggerProblem !== undefined}
          errorText={triggerProblem}
          warningText={
            triggerCheck?.ok
              ? t(triggerCheck.rises ? 'trade.form.triggerRises' : 'trade.form.triggerFalls', {
                  price: `${state.trigger} ${market.quote}`,
                })
              : undefined
          }
        />
      )}
      {kind !== 'market' ? (
        <AmountInput
          label={t('trade.form.price')}
          unit={market.quote}
          precision={rules.pricePrecision}
          value={state.price}
          onChange={(price) => dispatch({ type: 'typePrice', price })}
          error={priceProblem !== undefined}
          errorText={priceProblem}
        />
      ) : (
        <div className={styles.marketPrice}>{t('trade.form.marketPrice')}</div>
      )}
      <AmountInput
        label={summary.spendsQuote ? t('trade.form.spend') : t('trade.form.amount')}
        unit={amountCoin}
        precision={summary.amountPrecision}
        value={state.amount}
        onChange={(amount) => dispatch({ type: 'typeAmount', amount })}
        error={amountProblem !== undefined}
        errorText={amountProblem}
      />
      <PercentSlider
        label={t('trade.form.shares')}
        side={buy ? 'buy' : 'sell'}
        value={state.percent}
        disabled={!isLogin}
        onChange={(percent) => dispatch({ type: 'slideShare', percent })}
      />
      {kind !== 'market' && (
        <p className={styles.total}>
          <span>{t('trade.form.total')}</span>
          {/* The exact price × amount at the quote coin's precision, truncated: never rounded, never short. */}
          <span>{total ? formatAmount(total, quoteDigits, market.quote) : `-- ${market.quote}`}</span>
        </p>
      )}
      {kind !== 'market' && !margin && (
        <SegmentedTab
          label={t('trade.form.timeInForce')}
          value={state.choice}
          onValueChange={(c) => dispatch({ type: 'chooseTimeInForce', choice: c as TimeInForceChoice })}
          items={timeInForceChoices.map((c) => ({ key: c, name: t(`trade.form.tif.${c}`) }))}
        />
      )}
      <p className={styles.total} data-testid={`fee-${side.toLowerCase()}`}>
        <span>
          {t('trade.form.estFee')}
          {fee && ` (${t(`trade.form.${fee.rate}`)})`}
        </span>
        <span>
          {fee ? groupThousands(fee.amount) : '--'}{' '}
          {fee?.coin === 'quote' || (!fee && !buy) ? market.quote : market.base}
        </span>
      </p>
      {margin && isLogin && (
        <div className={styles.marginOptions}>
          <label>
            <input type="checkbox" checked={autoBorrow} onChange={(e) => setAutoBorrow(e.target.checked)} />
            {t('margin.form.autoBorrow')}
          </label>
          <label>
            <input type="checkbox" checked={autoRepay} onChange={(e) => setAutoRepay(e.target.checked)} />
            {t('margin.form.autoRepay')}
          </label>
        </div>
      )}
      {needsKyc ? (
        <p className={styles.loginPrompt} data-testid={`kyc-${side.toLowerCase()}`}>
          {t('trade.form.kycRequired')} <Link to="/personal/idAuth">{t('trade.form.kycLink')}</Link>
        </p>
      ) : isLogin ? (
        <Button type="submit" variant={buy ? 'buy' : 'sell'} block loading={create.isPending}>
          {t(buy ? 'trade.form.buy' : 'trade.form.sell', { coin: market.base })}
        </Button>
      ) : (
        <p className={styles.loginPrompt}>
          <Link to="/login">{t('nav.login')}</Link> {t('trade.form.or')} <Link to="/register">{t('nav.register')}</Link>{' '}
          {t('trade.form.toTrade')}
        </p>
      )}
      <p className={styles.formResult} role="status" aria-live="polite">
        {create.isError && <span className={styles.refused}>{errorText(t, create.error)}</span>}
        {state.placed && <span className={styles.placed}>{t('trade.form.placed')}</span>}
      </p>
    </form>
  );
}
