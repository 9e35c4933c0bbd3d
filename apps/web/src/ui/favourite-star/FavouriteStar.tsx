import type { MouseEvent } from 'react';
import styles from './favourite-star.module.css';

/**
 * The star that keeps a market among the favourites: a toggle button (aria-pressed) named by `label`, outlined when
 * off and filled in the warning colour when on. A click only toggles: it never reaches a row or link around it.
 */
export function FavouriteStar({
  starred,
  label,
  onToggle,
  size = 'm',
}: {
  starred: boolean;
  label: string;
  onToggle: () => void;
  /** 's' for dense lists (12 px star). */
  size?: 's' | 'm';
}) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    onToggle();
  };
  return (
    <button
      type="button"
      className={styles.star}
      data-size={size}
      aria-pressed={starred}
      aria-label={label}
      onClick={click}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="m8 1.5 1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.2l-4 2.3 1-4.4-3.4-3 4.5-.5z" />
      </svg>
    </button>
  );
}
