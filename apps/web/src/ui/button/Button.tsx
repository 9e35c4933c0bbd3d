import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from '../spinner/Spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'buy' | 'sell' | 'ghost' | 'text';
/** l 40 px, m 30 px, s 24 px (shell.md §9: 40 solid, 24 or 30 hollow, 24 text). */
export type ButtonSize = 'l' | 'm' | 's';

const defaultSize: Record<ButtonVariant, ButtonSize> = { primary: 'l', buy: 'l', sell: 'l', ghost: 'm', text: 's' };

/**
 * Props: variant (default primary), size (default by variant: solid l, ghost m, text s), block (full width),
 * loading (shows a spinner, sets aria-busy and blocks clicks); plus every native button attribute.
 */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size,
  block = false,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    styles[size ?? defaultSize[variant]],
    block && styles.block,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spinner size="s" label="" />}
      {children}
    </button>
  );
}
