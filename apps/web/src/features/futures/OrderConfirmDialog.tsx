import { editUserPageConfig } from '@opex/contract/calls/co-user';
import { formatAmount } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import Big from 'big.js';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshFutures } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import type { Contract } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import type { OrderRequest } from '../../futures/futures-order-form.ts';
import { Button } from '../../ui/button/Button.tsx';
import { Dialog } from '../../ui/dialog/Dialog.tsx';

const row = (name: string, value: string): [string, string] => [name, value];

/**
 * The second confirmation (pcSecondConfirm 1): the order's figures, Place and Cancel; "don't ask again" sends only
 * `{ pcSecondConfirm: 0, contractId }` (contract-notes §1.2) before the order goes.
 */
export function OrderConfirmDialog({
  contract,
  request,
  title,
  quantity,
  cost,
  onPlace,
  onClose,
}: {
  contract: Contract;
  request: OrderRequest;
  title: string;
  quantity: string;
  cost: string | undefined;
  onPlace: (request: OrderRequest) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dontAsk, setDontAsk] = useState(false);
  const [busy, setBusy] = useState(false);
  const stopAsking = useCallMutation(editUserPageConfig);
  const confirm = async () => {
    setBusy(true);
    if (dontAsk) {
      await stopAsking.mutateAsync({ pcSecondConfirm: 0, contractId: contract.id }).catch(() => undefined);
      await refreshFutures(client);
    }
    await onPlace(request);
    setBusy(false);
    onClose();
  };
  const pp = contract.coinResultVo.symbolPricePrecision;
  const price = request.type === 2 ? t('futures.marketPrice') : formatAmount(String(request.price), pp, contract.quote);
  const orderType = t(`futures.orderType.${request.type}`);
  // A conditional order: what triggers it (its kind and the price it watches) before the order it places.
  const watched = t(`futures.watchedPrice.${request.triggerPriceType ?? 1}`);
  const trigger: [string, string][] = request.isConditionOrder
    ? [
        ...(request.triggerPrice
          ? [row(t('futures.column.triggerPrice'), `${formatAmount(String(request.triggerPrice), pp)} (${watched})`)]
          : []),
        ...(request.callbackRate
          ? [
              row(
                t('futures.form.callback'),
                `${new Big(String(request.callbackRate)).times(100).toFixed()}% (${watched})`,
              ),
            ]
          : []),
        ...(request.activationPrice
          ? [row(t('futures.form.activation'), formatAmount(String(request.activationPrice), pp))]
          : []),
      ]
    : [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('futures.confirm.title', { action: title })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" size="l" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant={request.side === 'BUY' ? 'buy' : 'sell'} onClick={() => void confirm()} loading={busy}>
            {title}
          </Button>
        </>
      }
    >
      <div className={own.dialogForm}>
        <dl className={own.summary}>
          <dt>{t('futures.column.contract')}</dt>
          <dd>{contract.contractName}</dd>
          <dt>{t('futures.column.type')}</dt>
          <dd>
            {request.isConditionOrder ? `${t(`futures.triggerType.${request.triggerType}`)} · ${orderType}` : orderType}
          </dd>
          {trigger.map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
          <dt>{t('futures.column.price')}</dt>
          <dd>{price}</dd>
          <dt>{t('futures.form.quantity')}</dt>
          <dd>{quantity}</dd>
          <dt>{t('futures.leverage.short')}</dt>
          <dd>{request.leverageLevel}x</dd>
          {cost && (
            <>
              <dt>{t('futures.form.cost')}</dt>
              <dd>{cost}</dd>
            </>
          )}
        </dl>
        <label className={own.options}>
          <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
          {t('futures.confirm.dontAsk')}
        </label>
      </div>
    </Dialog>
  );
}
