import { VisuallyHidden } from '../visually-hidden/VisuallyHidden.tsx';
import styles from './spinner.module.css';

/**
 * Spinner props: size s (icon) or l (section), label (accessible status text; '' when something else announces).
 * Skeleton props: lines (placeholder rows, default 1), height token name ('row' 50 px or 'control' 40 px).
 */
export function Spinner({ size = 'l', label = 'Loading' }: { size?: 's' | 'l'; label?: string }) {
  const wheel = <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
  if (!label) return wheel;
  return (
    <span role="status" aria-label={label} className={styles.status}>
      {wheel}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

export function Skeleton({ lines = 1, height = 'row' }: { lines?: number; height?: 'row' | 'control' }) {
  return (
    <div className={styles.skeleton} aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <span key={i} className={`${styles.bar} ${styles[height]}`} />
      ))}
    </div>
  );
}
