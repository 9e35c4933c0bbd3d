import { coOrderTpslCreate } from '@opex/contract/calls/co-trigger';
import { formatAmount } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CoPosition, refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import { type Contract, isDecimal, optionalAmount } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';

/** order_tpsl_create's trigger types: 2 take-profit, 1 stop-loss. */
const TAKE_PROFIT = 2;
const STOP_LOSS = 1;

/**
 * Take-profit and stop-loss on a whole position (order/order_tpsl_create): a market order closing what may be closed
 * when the mark price reaches the trigger. Either price or both; which side of the mark each must be on, and a
 * stop-loss before the liquidation price, the server checks and names (67020-67022).
 */
export function PositionTpslDialog({
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
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCallMutation(coOrderTpslCreate);
  const pp = contract.coinResultVo.symbolPricePrecision;
  const given = (price: string) => isDecimal(price) && Number(price) > 0;
  const missing = !given(takeProfit) && !given(stopLoss);

  const submit = async () => {
    setTouched(true);
    if (missing) return null;
    const order = (triggerType: number, triggerPrice: string) => ({
      triggerType: triggerType as 1 | 2,
      type: 2 as const,
      price: '0',
      volume: position.canCloseVolume,
      triggerPrice,
    });
    await create.mutateAsync({
      contractId: position.contractId,
      positionType: position.positionType === 2 ? 2 : 1,
      leverageLevel: position.leverageLevel,
      // The closing side: a long closes by selling.
      side: position.orderSide === 'BUY' ? 'SELL' : 'BUY',
      orderList: [
        ...(given(takeProfit) ? [order(TAKE_PROFIT, takeProfit)] : []),
        ...(given(stopLoss) ? [order(STOP_LOSS, stopLoss)] : []),
      ],
    });
    await refreshFutures(client);
    return t('futures.tpsl.done');
  };

  return (
    <ActionDialog
      title={t('futures.tpsl.title', { contract: position.contractName })}
      confirmLabel={t('futures.tpsl.confirm')}
      pending={create.isPending}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={own.dialogForm}>
        <dl className={own.summary}>
          <dt>{t('futures.column.entryPrice')}</dt>
          <dd>{formatAmount(position.openAvgPrice, pp)}</dd>
          <dt>{t('futures.column.markPrice')}</dt>
          <dd>{formatAmount(position.indexPrice, pp)}</dd>
          <dt>{t('futures.column.liqPrice')}</dt>
          <dd>{optionalAmount(position.reducePrice, pp)}</dd>
        </dl>
        <AmountInput
          label={t('futures.tpsl.takeProfit')}
          value={takeProfit}
          onChange={setTakeProfit}
          precision={pp}
          unit={contract.quote}
          error={touched && missing}
        />
        <AmountInput
          label={t('futures.tpsl.stopLoss')}
          value={stopLoss}
          onChange={setStopLoss}
          precision={pp}
          unit={contract.quote}
          error={touched && missing}
          errorText={touched && missing ? t('futures.tpsl.required') : undefined}
        />
        <p className={own.hint}>{t('futures.tpsl.hint', { volume: position.canCloseVolume })}</p>
      </div>
    </ActionDialog>
  );
}
