/** Text for assistive technology only (a column's name beside its icon, a spinner's label). */
import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

export const visuallyHiddenClass = styles.hidden;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
