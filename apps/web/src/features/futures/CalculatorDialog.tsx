import { sanitizeAmountInput } from '@opex/contract/amount-input';
import { EMPTY_DISPLAY, formatAmount } from '@opex/contract/display';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLadderInfo } from '../../api/futures.ts';
import { type Contract, type CoUnit, quantityText, signedAmount } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { type CalculatorFields, type CalculatorTab, calculatorResults } from '../../futures/futures-calculator.ts';
import type { Side } from '../../futures/futures-order-form.ts';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';
import { SegmentedTab, Tabs } from '../../ui/tabs/Tabs.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';

/** Which fields each tab asks for. */
const FIELDS: Record<CalculatorTab, readonly (keyof CalculatorFields)[]> = {
  pnl: ['side', 'leverage', 'entry', 'exit', 'quantity'],
  target: ['side', 'leverage', 'entry', 'roe'],
  liquidation: ['side', 'entry', 'quantity', 'balance'],
  maxOpen: ['leverage', 'entry', 'balance'],
};

/** A signed percentage typed: an optional minus, then the amount rule at 2 decimals. */
const signedPercent = (raw: string) =>
  (raw.trim().startsWith('-') ? '-' : '') + sanitizeAmountInput(raw.replace(/-/g, ''), 2);

/**
 * The futures calculator (Binance's): PnL (initial margin, PnL, ROE), target price for an ROE, liquidation price
 * of one position from the contract's brackets (get_ladder_info), and the most that may be opened. A view of
 * futures-calculator.ts, which works the figures out as the exchange does; nothing is sent.
 */
export function CalculatorDialog({
  contract,
  unit,
  leverage,
  lastPrice,
  onClose,
}: {
  contract: Contract;
  unit: CoUnit;
  leverage: number;
  lastPrice: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ladder = useLadderInfo(contract.id).data;
  const [tab, setTab] = useState<CalculatorTab>('pnl');
  const [mode, setMode] = useState<'cross' | 'isolated'>('cross');
  const [fields, setFields] = useState<CalculatorFields>({
    side: 'BUY',
    leverage: String(leverage),
    entry: lastPrice ?? '',
    exit: '',
    quantity: '',
    roe: '',
    balance: '',
  });
  const set = (patch: Partial<CalculatorFields>) => setFields((all) => ({ ...all, ...patch }));
  // Until the ladder answers, the user's own leverage is the one known to be allowed.
  const maxLeverage = ladder?.leverList.maxLever ?? leverage;
  const results = calculatorResults(fields, {
    contract,
    unit,
    tiers: ladder?.ladderList.ladderList ?? [],
    leverCeiling: ladder?.leverCeiling ?? {},
    maxLeverage,
  });
  const pp = contract.coinResultVo.symbolPricePrecision;
  const money = contract.coinResultVo.marginCoinPrecision;
  const asks = (field: keyof CalculatorFields) => FIELDS[tab].includes(field);
  const unitName = unit === 1 ? contract.base : t('futures.contracts');
  const price = (value: string | null | undefined) =>
    value ? formatAmount(value, pp, contract.quote) : value === null ? t('futures.calculator.none') : EMPTY_DISPLAY;

  const figures: [string, string][] = {
    pnl: [
      [t('futures.calculator.margin'), formatAmount(results.margin, money, contract.marginCoin)],
      [t('futures.calculator.pnl'), signedAmount(results.pnl, money, contract.marginCoin)],
      [t('futures.calculator.roe'), results.roe === undefined ? EMPTY_DISPLAY : `${results.roe}%`],
    ] as [string, string][],
    target: [[t('futures.calculator.targetPrice'), price(results.target)]] as [string, string][],
    liquidation: [[t('futures.column.liqPrice'), price(results.liquidation)]] as [string, string][],
    maxOpen: [
      [
        t('futures.form.maxOpen'),
        results.maxOpen === undefined ? EMPTY_DISPLAY : quantityText(results.maxOpen, contract, unit),
      ],
    ] as [string, string][],
  }[tab];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('futures.calculator.title', { contract: contract.contractName })}
      closeLabel={t('common.close')}
    >
      <div className={own.dialogForm}>
        <Tabs
          label={t('futures.calculator.open')}
          value={tab}
          onValueChange={(v) => setTab(v as CalculatorTab)}
          items={(['pnl', 'target', 'liquidation', 'maxOpen'] as const).map((k) => ({
            key: k,
            name: t(`futures.calculator.tab.${k}`),
          }))}
        />
        {asks('side') && (
          <SegmentedTab
            label={t('futures.form.side')}
            value={fields.side}
            onValueChange={(v) => set({ side: v as Side })}
            items={[
              { key: 'BUY', name: t('futures.long') },
              { key: 'SELL', name: t('futures.short') },
            ]}
            block
          />
        )}
        {tab === 'liquidation' && (
          <SegmentedTab
            label={t('futures.marginModel.choose')}
            value={mode}
            onValueChange={(v) => setMode(v as 'cross' | 'isolated')}
            items={[
              { key: 'cross', name: t('futures.marginModel.cross') },
              { key: 'isolated', name: t('futures.marginModel.isolated') },
            ]}
            block
          />
        )}
        {asks('leverage') && (
          <AmountInput
            label={t('futures.leverage.level', { min: 1, max: maxLeverage })}
            precision={0}
            unit="x"
            value={fields.leverage}
            onChange={(v) => set({ leverage: v })}
            error={results.leverageProblem}
            errorText={
              results.leverageProblem ? t('futures.leverage.outOfRange', { min: 1, max: maxLeverage }) : undefined
            }
          />
        )}
        <AmountInput
          label={t('futures.column.entryPrice')}
          precision={pp}
          unit={contract.quote}
          value={fields.entry}
          onChange={(v) => set({ entry: v })}
        />
        {asks('exit') && (
          <AmountInput
            label={t('futures.calculator.exitPrice')}
            precision={pp}
            unit={contract.quote}
            value={fields.exit}
            onChange={(v) => set({ exit: v })}
          />
        )}
        {asks('quantity') && (
          <AmountInput
            label={t('futures.form.quantity')}
            precision={unit === 1 ? undefined : 0}
            unit={unitName}
            value={fields.quantity}
            onChange={(v) => set({ quantity: v })}
          />
        )}
        {asks('roe') && (
          <TextInput
            label={t('futures.calculator.roe')}
            numeric
            inputMode="decimal"
            autoComplete="off"
            suffix="%"
            value={fields.roe}
            transform={signedPercent}
            onChange={(v) => set({ roe: v })}
          />
        )}
        {asks('balance') && (
          <AmountInput
            label={t(
              tab === 'liquidation' && mode === 'isolated'
                ? 'futures.calculator.positionMargin'
                : 'futures.calculator.balance',
            )}
            precision={money}
            unit={contract.marginCoin}
            value={fields.balance}
            onChange={(v) => set({ balance: v })}
          />
        )}
        <dl className={own.summary} aria-live="polite" data-testid="calculator-results">
          {figures.map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p className={own.hint}>{t(`futures.calculator.hint.${tab}`)}</p>
      </div>
    </Dialog>
  );
}
