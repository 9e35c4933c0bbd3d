import type { CallReply } from '@opex/contract/call';
import type { addressList } from '@opex/contract/calls/withdraw';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressCheck } from '../../api/withdraw.ts';
import blocks from '../../ui/page-blocks/page-blocks.module.css';
import { Select } from '../../ui/select/Select.tsx';
import { TextInput } from '../../ui/text-input/TextInput.tsx';
import styles from './withdraw.module.css';

/**
 * A withdrawal address: picked from the book or typed, and checked against the chain's checksum by the server as
 * the trader types (a short pause first, so not every keystroke asks). `onValidChange` tells the form whether the
 * address currently shown passed.
 */
type BookEntry = CallReply<typeof addressList>['addressList'][number];
const CHECK_DELAY_MS = 300;

export function AddressField({
  coin,
  chain,
  book,
  value,
  onChange,
  onValidChange,
  touched,
}: {
  coin: string;
  chain: string;
  book: BookEntry[];
  value: string;
  onChange: (address: string) => void;
  onValidChange: (valid: boolean) => void;
  touched: boolean;
}) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const check = useAddressCheck({ coinSymbol: coin, chain, address: settled });
  const current = settled === value.trim() && check.data && !check.isFetching ? check.data : null;
  const valid = current?.valid === true;
  useEffect(() => onValidChange(valid), [valid, onValidChange]);

  // Refusals show in the field's message line (as a warning while typing, an error after); a pass is a check mark.
  const problem = !value
    ? touched
      ? t('withdraw.addressMissing')
      : undefined
    : current && !current.valid
      ? t('withdraw.addressInvalid', {
          chain,
          reason: t(`withdraw.addressProblem.${current.problem}`, { defaultValue: current.reason }),
        })
      : undefined;
  const checking = value !== '' && !current;

  return (
    <div className={blocks.field}>
      {book.length > 0 && (
        <Select
          label={t('withdraw.fromBook')}
          placeholder={t('withdraw.fromBookPlaceholder')}
          options={book.map((entry) => ({ code: entry.address, value: entry.label, label: entry.address }))}
          value={book.some((entry) => entry.address === value) ? value : undefined}
          onChange={(option) => onChange(option.code)}
          type="double"
          noDataText={t('common.noData')}
        />
      )}
      <TextInput
        label={t('withdraw.address')}
        placeholder={t('withdraw.addressPlaceholder', { chain })}
        value={value}
        onChange={onChange}
        maxLength={100}
        stripSpaces
        autoComplete="off"
        spellCheck={false}
        error={problem !== undefined}
        errorText={problem}
        warningText={problem ?? (checking ? t('withdraw.addressChecking') : undefined)}
        suffix={
          valid ? (
            <span
              className={styles.ok}
              role="img"
              aria-label={t('withdraw.addressValid')}
              title={t('withdraw.addressValid')}
            >
              ✓
            </span>
          ) : undefined
        }
      />
    </div>
  );
}
