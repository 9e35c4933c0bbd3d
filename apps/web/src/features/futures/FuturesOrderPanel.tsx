import { coOrderCreate } from '@opex/contract/calls/co-order';
import { editUserPageConfig } from '@opex/contract/calls/co-user';
import { formatAmount } from '@opex/contract/display';
import { channels, type Ticker } from '@opex/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CoAccount, type CoPosition, type CoUserConfig, refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import { writeCoUnit } from '../../futures/co-unit-store.ts';
import { type Contract, type CoUnit, socketKey, valueCoin } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import {
  type FormKind,
  type FormTab,
  type FuturesFormContext,
  formKinds,
  futuresOrderForm,
  type OrderRequest,
  PERCENT_SHORTCUTS,
  type PlaceAt,
  type Side,
  type TimeOption,
  timeOptions,
  type WatchedPrice,
} from '../../futures/futures-order-form.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useChannel } from '../../realtime/index.ts';
import { useForm } from '../../trading/form/use-form.ts';
import styles from '../../trading/trading.module.css';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { Select } from '../../ui/select/Select.tsx';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';
import { useToast } from '../../ui/toast/ToastProvider.tsx';
import { CalculatorDialog } from './CalculatorDialog.tsx';
import { LeverageDialog } from './LeverageDialog.tsx';
import { MarginModeDialog } from './MarginModeDialog.tsx';
import { OpenAccountPrompt } from './OpenAccountPrompt.tsx';
import { OrderConfirmDialog } from './OrderConfirmDialog.tsx';

/** The position an order on `side` closes: a sell closes the long (orderSide BUY), a buy the short. */
export function closablePosition(positions: readonly CoPosition[] | undefined, contractId: number, side: Side) {
  const held = side === 'SELL' ? 'BUY' : 'SELL';
  return positions?.find((p) => p.contractId === contractId && p.orderSide === held);
}

/**
 * The futures order panel: margin mode, leverage, the calculator and quantity unit; Open/Close in hedge mode (one-way
 * mode has a reduce-only box instead); Limit/Market/Conditional/Trailing stop, the side; price, trigger (last or
 * mark price) or callback, quantity with 10/20/50/100 % of the most that may be opened or closed, post-only/IOC/FOK;
 * the margin the order takes; a second confirmation when the user asked for one. A thin view of futures-order-form.ts.
 */
export function FuturesOrderPanel({
  contract,
  config,
  positions,
  account,
  unit,
  onLocalUnit,
  isLogin,
  pickedPrice,
}: {
  contract: Contract;
  config: CoUserConfig | undefined;
  positions: readonly CoPosition[] | undefined;
  account: CoAccount | undefined;
  unit: CoUnit;
  /** The unit was chosen: kept in the browser (a visitor's only record of it). */
  onLocalUnit: (unit: CoUnit) => void;
  isLogin: boolean;
  pickedPrice: { price: string; at: number } | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [chosenTab, setTab] = useState<FormTab>('open');
  const [kind, setKind] = useState<FormKind>('limit');
  const [side, setSide] = useState<Side>('BUY');
  const [dialog, setDialog] = useState<'leverage' | 'margin' | 'confirm' | 'calculator' | null>(null);
  // Hedge mode opens and closes each side's position; one-way mode has one net position, reduced by reduce-only.
  const hedge = config?.positionModel === 2;
  const tab: FormTab = hedge ? chosenTab : 'open';
  const create = useCallMutation(coOrderCreate);
  const pageConfig = useCallMutation(editUserPageConfig);
  const lastPrice = useChannel<Ticker>(channels.ticker(socketKey(contract)))?.close ?? null;
  const leverage = config?.nowLevel ?? 20;
  const context: FuturesFormContext = {
    contract,
    side,
    tab,
    kind,
    unit,
    leverage,
    marginModel: config?.marginModel === 2 ? 2 : 1,
    leverCeiling: config?.leverOriginCeiling ?? {},
    available: account?.canUseAmount,
    closable: closablePosition(positions, contract.id, side)?.canCloseVolume,
    lastPrice,
  };
  const { state, summary, dispatch } = useForm(futuresOrderForm, context);
  const pp = contract.coinResultVo.symbolPricePrecision;
  const money = contract.coinResultVo.marginCoinPrecision;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a picked book level replaces the price once, when picked
  useEffect(() => {
    if (pickedPrice) dispatch({ type: 'offerPrice', price: pickedPrice.price });
  }, [pickedPrice]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the last price fills an empty price field only
  useEffect(() => {
    if (lastPrice) dispatch({ type: 'offerPrice', price: lastPrice, ifEmpty: true });
  }, [lastPrice === null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tab, kind or unit starts the quantity afresh
  useEffect(() => dispatch({ type: 'restart' }), [tab, kind, unit]);

  if (isLogin && config?.openContract === 0) return <OpenAccountPrompt />;

  const place = async (request: OrderRequest) => {
    try {
      await create.mutateAsync(request);
      dispatch({ type: 'placed' });
      toast.success(t('futures.form.placed'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    } finally {
      await refreshFutures(client);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
    if (!summary.request || !isLogin || !config) return;
    if (config.pcSecondConfirm === 1) setDialog('confirm');
    else void place(summary.request);
  };
  const changeUnit = async (next: CoUnit) => {
    writeCoUnit(localStorage, next);
    onLocalUnit(next);
    if (!isLogin) return;
    try {
      await pageConfig.mutateAsync({ coUnit: next, contractId: contract.id });
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
    await refreshFutures(client);
  };

  const problem = (p: { key: string; values?: Record<string, string> } | undefined) =>
    state.submitted && p ? t(`futures.form.error.${p.key}`, { unit: unitName, ...p.values }) : undefined;
  const unitName =
    summary.quantityUnit === 'value'
      ? valueCoin(contract)
      : summary.quantityUnit === 'base'
        ? contract.base
        : t('futures.contracts');
  // One-way mode's orders open unless reduce-only; the button names what the order does to the position.
  const closingLabels = hedge ? tab === 'close' : state.reduceOnly;
  const sideName = (s: Side) =>
    t(
      `futures.direction.${closingLabels ? (s === 'BUY' ? 'closeShort' : 'closeLong') : s === 'BUY' ? 'openLong' : 'openShort'}`,
    );

  const priceProblem = problem(summary.errors.price);
  const quantityProblem = problem(summary.errors.quantity);
  const triggerProblem = problem(summary.errors.trigger);
  const callbackProblem = problem(summary.errors.callback);
  const activationProblem = problem(summary.errors.activation);
  const watchedSelect = (
    <div>
      <Select
        label={t('futures.form.watched')}
        value={String(state.watched)}
        options={([1, 2] as const).map((w) => ({ code: String(w), value: t(`futures.watchedPrice.${w}`) }))}
        onChange={(o) => dispatch({ type: 'chooseWatched', watched: Number(o.code) as WatchedPrice })}
      />
    </div>
  );
  const priceInput = (
    <AmountInput
      label={t('futures.form.price')}
      unit={contract.quote}
      precision={pp}
      value={state.price}
      onChange={(price) => dispatch({ type: 'typePrice', price })}
      error={priceProblem !== undefined}
      errorText={priceProblem}
    />
  );
  const marketPrice = <div className={styles.marketPrice}>{t('futures.marketPrice')}</div>;

  return (
    <section className={own.panel} aria-label={t('futures.form.label')}>
      <div className={own.settings}>
        {isLogin && config && (
          <>
            <Button variant="ghost" size="m" onClick={() => setDialog('margin')} data-testid="margin-model">
              {t(`futures.marginModel.${config.marginModel === 2 ? 'isolated' : 'cross'}`)}
            </Button>
            <Button variant="ghost" size="m" onClick={() => setDialog('leverage')} data-testid="leverage">
              {config.nowLevel}x
            </Button>
          </>
        )}
        <Button variant="ghost" size="m" onClick={() => setDialog('calculator')}>
          {t('futures.calculator.open')}
        </Button>
      </div>
      {hedge && (
        <SegmentedTab
          label={t('futures.form.tab')}
          value={tab}
          onValueChange={(v) => setTab(v as FormTab)}
          items={[
            { key: 'open', name: t('futures.form.open') },
            { key: 'close', name: t('futures.form.close') },
          ]}
          block
        />
      )}
      <SegmentedTab
        label={t('futures.form.kind')}
        value={kind}
        onValueChange={(v) => setKind(v as FormKind)}
        items={formKinds.map((k) => ({ key: k, name: t(`futures.form.${k}`) }))}
        block
      />
      <div className={own.row}>
        {(kind === 'conditional' || kind === 'trailing') && watchedSelect}
        <div>
          <Select
            label={t('futures.form.unit')}
            value={String(unit)}
            disabled={pageConfig.isPending}
            options={[
              { code: '2', value: t('futures.contracts') },
              { code: '1', value: contract.base },
            ]}
            onChange={(o) => void changeUnit(o.code === '1' ? 1 : 2)}
          />
        </div>
      </div>
      <SegmentedTab
        label={t('futures.form.side')}
        value={side}
        onValueChange={(v) => setSide(v as Side)}
        items={(['BUY', 'SELL'] as const).map((s) => ({ key: s, name: sideName(s) }))}
        block
      />
      <form className={styles.orderForm} onSubmit={submit} noValidate>
        {kind === 'conditional' && (
          <>
            <AmountInput
              label={t('futures.column.triggerPrice')}
              unit={contract.quote}
              precision={pp}
              value={state.triggerPrice}
              onChange={(triggerPrice) => dispatch({ type: 'typeTrigger', triggerPrice })}
              error={triggerProblem !== undefined}
              errorText={triggerProblem}
            />
            <SegmentedTab
              label={t('futures.form.placeAt')}
              value={state.placeAt}
              onValueChange={(v) => dispatch({ type: 'choosePlaceAt', placeAt: v as PlaceAt })}
              items={[
                { key: 'limit', name: t('futures.form.limit') },
                { key: 'market', name: t('futures.form.market') },
              ]}
            />
            {state.placeAt === 'limit' ? priceInput : marketPrice}
          </>
        )}
        {kind === 'trailing' && (
          <>
            <AmountInput
              label={t('futures.form.callback')}
              unit="%"
              precision={2}
              value={state.callback}
              onChange={(callback) => dispatch({ type: 'typeCallback', callback })}
              error={callbackProblem !== undefined}
              errorText={callbackProblem}
            />
            <AmountInput
              label={t('futures.form.activation')}
              unit={contract.quote}
              precision={pp}
              value={state.activation}
              onChange={(activation) => dispatch({ type: 'typeActivation', activation })}
              error={activationProblem !== undefined}
              errorText={activationProblem}
            />
          </>
        )}
        {kind === 'limit' && priceInput}
        {kind === 'market' && marketPrice}
        <AmountInput
          label={summary.byValue ? t('futures.form.value') : t('futures.form.quantity')}
          unit={unitName}
          precision={summary.quantityDigits}
          value={state.quantity}
          onChange={(quantity) => dispatch({ type: 'typeQuantity', quantity })}
          error={quantityProblem !== undefined}
          errorText={quantityProblem}
        />
        <fieldset className={own.shares} aria-label={t('futures.form.shares')}>
          {PERCENT_SHORTCUTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className={own.share}
              aria-pressed={state.percent === percent}
              disabled={!isLogin}
              onClick={() => dispatch({ type: 'pickShare', percent })}
            >
              {percent}%
            </button>
          ))}
        </fieldset>
        {kind === 'limit' && (
          <fieldset className={own.options}>
            <legend className={own.hint}>{t('futures.form.timeInForce')}</legend>
            {timeOptions.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name={`tif-${contract.id}`}
                  checked={state.option === option}
                  onChange={() => dispatch({ type: 'chooseOption', option: option as TimeOption })}
                />
                {t(`futures.form.option.${option}`)}
              </label>
            ))}
          </fieldset>
        )}
        {!hedge && (
          <label className={own.options}>
            <input
              type="checkbox"
              checked={state.reduceOnly}
              onChange={(e) => dispatch({ type: 'setReduceOnly', reduceOnly: e.target.checked })}
            />
            {t('futures.form.reduceOnly')}
          </label>
        )}
        {isLogin && (
          <>
            <p className={own.line}>
              <span>{t('futures.form.available')}</span>
              <span data-testid="co-available">{formatAmount(account?.canUseAmount, money, contract.marginCoin)}</span>
            </p>
            <p className={own.line}>
              <span>{t(summary.closing ? 'futures.form.maxClose' : 'futures.form.maxOpen')}</span>
              <span data-testid="max-quantity">{summary.max ? `${summary.max} ${unitName}` : '--'}</span>
            </p>
            {!summary.closing && (
              <p className={own.line}>
                <span>{t('futures.form.cost')}</span>
                <span data-testid="order-cost">{formatAmount(summary.cost, money, contract.marginCoin)}</span>
              </p>
            )}
          </>
        )}
        {isLogin ? (
          <Button type="submit" variant={side === 'BUY' ? 'buy' : 'sell'} block loading={create.isPending}>
            {sideName(side)}
          </Button>
        ) : (
          <p className={styles.loginPrompt}>
            <Link to="/login">{t('nav.login')}</Link> {t('trade.form.or')}{' '}
            <Link to="/register">{t('nav.register')}</Link> {t('trade.form.toTrade')}
          </p>
        )}
      </form>
      {dialog === 'leverage' && config && (
        <LeverageDialog contract={contract} config={config} onClose={() => setDialog(null)} />
      )}
      {dialog === 'margin' && config && (
        <MarginModeDialog contract={contract} config={config} onClose={() => setDialog(null)} />
      )}
      {dialog === 'calculator' && (
        <CalculatorDialog
          contract={contract}
          unit={unit}
          leverage={leverage}
          lastPrice={lastPrice}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'confirm' && summary.request && (
        <OrderConfirmDialog
          contract={contract}
          request={summary.request}
          title={sideName(side)}
          quantity={`${state.quantity} ${unitName}`}
          cost={summary.closing ? undefined : formatAmount(summary.cost, money, contract.marginCoin)}
          onPlace={place}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
