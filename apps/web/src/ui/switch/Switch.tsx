/**
 * An on/off switch on Radix Switch (role switch, Space toggles). Props: checked, onCheckedChange(checked),
 * label (visible text; or pass aria-label only through `hiddenLabel`), disabled, id.
 */
import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';
import styles from './switch.module.css';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  hiddenLabel?: boolean;
  disabled?: boolean;
  id?: string;
}

export function Switch({ checked, onCheckedChange, label, hiddenLabel = false, disabled, id }: SwitchProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <span className={styles.wrap}>
      <RadixSwitch.Root
        id={controlId}
        className={styles.root}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={hiddenLabel ? label : undefined}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      {!hiddenLabel && (
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
      )}
    </span>
  );
}
