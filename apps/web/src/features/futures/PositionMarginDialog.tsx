import { coChangePositionMargin } from '@opex/contract/calls/co-position';
import { formatAmount } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import Big from 'big.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CoPosition, refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import { type Contract, isDecimal } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { amountProblem } from '../../margin/margin-account.ts';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { Button } from '../../ui/button/Button.tsx';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';
import { SegmentedTab } from '../../ui/tabs/Tabs.tsx';

/**
 * Adds margin to an isolated position (type 1, up to canUseAmount) or removes it (type 2, up to canSubMarginAmount;
 * the amount sent negative, as the original does) with position/change_position_margin.
 */
export function PositionMarginDialog({
  contract,
  position,
  onClose,
}: {
  contract: Contract;
  position: CoPosition;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [type, setType] = useState<1 | 2>(1);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useCallMutation(coChangePositionMargin);
  const digits = contract.coinResultVo.marginCoinPrecision;
  const coin = contract.marginCoin;
  const source = type === 1 ? position.canUseAmount : position.canSubMarginAmount;
  const max = isDecimal(source) && new Big(source).gt(0) ? new Big(source).round(digits, Big.roundDown).toFixed() : '0';
  const problem = amountProblem(amount, { available: max });

  const submit = async () => {
    setTouched(true);
    if (problem) return null;
    await change.mutateAsync({
      type,
      contractId: position.contractId,
      positionId: position.id,
      amount: type === 1 ? amount : `-${amount}`,
    });
    await refreshFutures(client);
    return t(type === 1 ? 'futures.positionMargin.added' : 'futures.positionMargin.removed', { amount, coin });
  };

  return (
    <ActionDialog
      title={t('futures.positionMargin.title', { contract: position.contractName })}
      confirmLabel={t('futures.positionMargin.confirm')}
      pending={change.isPending}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={own.dialogForm}>
        <SegmentedTab
          label={t('futures.positionMargin.title', { contract: position.contractName })}
          value={String(type)}
          onValueChange={(v) => {
            setType(v === '2' ? 2 : 1);
            setAmount('');
          }}
          items={[
            { key: '1', name: t('futures.positionMargin.add') },
            { key: '2', name: t('futures.positionMargin.remove') },
          ]}
          block
        />
        <dl className={own.summary}>
          <dt>{t('futures.column.margin')}</dt>
          <dd>{formatAmount(position.holdAmount, digits, coin)}</dd>
          <dt>{t(type === 1 ? 'futures.positionMargin.maxAdd' : 'futures.positionMargin.maxRemove')}</dt>
          <dd data-testid="position-margin-max">{formatAmount(max, digits, coin)}</dd>
        </dl>
        <p className={own.line}>
          <span />
          <Button variant="text" onClick={() => setAmount(max)} disabled={max === '0'}>
            {t('futures.max')}
          </Button>
        </p>
        <AmountInput
          label={t('futures.transfer.amount')}
          value={amount}
          onChange={setAmount}
          precision={digits}
          unit={coin}
          error={touched && problem !== null}
          errorText={touched && problem ? t(`margin.problem.${problem}`, { coin }) : undefined}
        />
      </div>
    </ActionDialog>
  );
}
