import { levelEdit } from '@opex/contract/calls/co-user';
import { formatAmount } from '@opex/contract/display';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CoUserConfig, refreshFutures, useLadderInfo } from '../../api/futures.ts';
import { useCallMutation } from '../../api/query.ts';
import type { Contract } from '../../futures/contracts.ts';
import own from '../../futures/futures.module.css';
import { tierCap } from '../../futures/futures-order-form.ts';
import { AmountInput } from '../../ui/amount-input/AmountInput.tsx';
import { ActionDialog } from '../../ui/dialog/ActionDialog.tsx';

const PRESETS = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125];

/** The leverage a user may pick: from the config's least to the lowest of the contract's, the user's and the ladder's. */
export function leverageBounds(config: CoUserConfig, ladderMax: number | undefined): { min: number; max: number } {
  const caps = [config.maxLevel, config.userMaxLevel, ladderMax].filter((n): n is number => !!n && n > 0);
  const max = Math.max(1, Math.min(...caps));
  return { min: Math.max(1, Math.min(config.minLevel || 1, max)), max };
}

/**
 * Sets the contract's leverage (user/level_edit) within the contract's brackets (get_ladder_info); shows the most a
 * position may be worth at the chosen leverage. It applies to the open position and orders too: the server holds
 * their margin again or refuses (the refusal is toasted and the dialog stays open).
 */
export function LeverageDialog({
  contract,
  config,
  onClose,
}: {
  contract: Contract;
  config: CoUserConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ladder = useLadderInfo(contract.id).data;
  const { min, max } = leverageBounds(config, ladder?.leverList.maxLever);
  const [level, setLevel] = useState(String(Math.min(config.nowLevel, max)));
  const edit = useCallMutation(levelEdit);
  const chosen = Number(level);
  const valid = Number.isInteger(chosen) && chosen >= min && chosen <= max;
  const cap = valid ? tierCap(ladder?.leverCeiling ?? config.leverOriginCeiling, chosen) : undefined;

  const submit = async () => {
    if (!valid) return null;
    await edit.mutateAsync({ nowLevel: chosen, contractId: contract.id });
    await refreshFutures(client);
    return t('futures.leverage.done', { level: chosen });
  };

  return (
    <ActionDialog
      title={t('futures.leverage.title', { contract: contract.contractName })}
      confirmLabel={t('futures.leverage.confirm')}
      pending={edit.isPending}
      disabled={!config.levelCanSwitch || !valid}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={own.dialogForm}>
        <AmountInput
          label={t('futures.leverage.level', { min, max })}
          precision={0}
          unit="x"
          value={level}
          onChange={setLevel}
          error={level !== '' && !valid}
          errorText={level !== '' && !valid ? t('futures.leverage.outOfRange', { min, max }) : undefined}
        />
        <input
          type="range"
          className={own.leverRange}
          min={min}
          max={max}
          step={1}
          value={valid ? chosen : min}
          aria-label={t('futures.leverage.slider')}
          aria-valuetext={`${valid ? chosen : min}x`}
          onChange={(e) => setLevel(e.target.value)}
        />
        <fieldset className={own.levers} aria-label={t('futures.leverage.presets')}>
          {PRESETS.filter((p) => p >= min && p <= max).map((p) => (
            <button
              key={p}
              type="button"
              className={own.share}
              aria-pressed={chosen === p}
              onClick={() => setLevel(String(p))}
            >
              {p}x
            </button>
          ))}
        </fieldset>
        <p className={own.hint} data-testid="leverage-cap">
          {cap
            ? t('futures.leverage.cap', {
                level: chosen,
                value: formatAmount(cap, contract.coinResultVo.marginCoinPrecision, contract.marginCoin),
              })
            : t('futures.leverage.noCap')}
        </p>
        <p className={own.hint}>{t('futures.leverage.holding')}</p>
        {!config.levelCanSwitch && <p className={own.warning}>{t('futures.leverage.locked')}</p>}
      </div>
    </ActionDialog>
  );
}
