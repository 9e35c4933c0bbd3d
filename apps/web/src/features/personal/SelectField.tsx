import type { ComponentProps } from 'react';
import { Select } from '../../ui/select/Select.tsx';
import styles from './personal.module.css';

/** A select with its label shown above it, lined up with the text fields of the same form. */
export function SelectField(props: ComponentProps<typeof Select>) {
  return (
    <div className={styles.selectField}>
      <span className={styles.selectLabel} aria-hidden="true">
        {props.label}
      </span>
      <Select {...props} />
    </div>
  );
}
