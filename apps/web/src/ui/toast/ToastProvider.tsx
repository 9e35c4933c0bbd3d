/**
 * Toast notifications (shell.md §4): a new toast goes on top of the list and leaves after 3000 ms or when its
 * close button is clicked. Wrap the app in <ToastProvider closeLabel="..."> and call useToast() anywhere below:
 * `toast.show('error', msg)` or `toast.error(msg)` / `.success` / `.info` / `.warning`.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import surface from '../surface/surface.module.css';
import styles from './toast.module.css';

export const TOAST_DURATION_MS = 3000;

export type ToastType = 'error' | 'success' | 'info' | 'warning';

interface ToastItem {
  id: number;
  type: ToastType;
  message: ReactNode;
}

export interface ToastApi {
  show: (type: ToastType, message: ReactNode) => void;
  error: (message: ReactNode) => void;
  success: (message: ReactNode) => void;
  info: (message: ReactNode) => void;
  warning: (message: ReactNode) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}

/** Props: closeLabel (accessible name of each close button, translated by the caller), children. */
export function ToastProvider({ children, closeLabel = 'Close' }: { children: ReactNode; closeLabel?: string }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (type: ToastType, message: ReactNode) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((list) => [{ id, type, message }, ...list]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      error: (message) => show('error', message),
      success: (message) => show('success', message),
      info: (message) => show('info', message),
      warning: (message) => show('warning', message),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className={styles.region} aria-live="polite" aria-relevant="additions">
        <ul className={styles.list}>
          {toasts.map((toast) => (
            <li key={toast.id} className={`${styles.toast} ${styles[toast.type]}`} data-type={toast.type}>
              <span className={styles.marker} aria-hidden="true" />
              <p role={toast.type === 'error' ? 'alert' : 'status'} className={styles.message}>
                {toast.message}
              </p>
              <button
                type="button"
                className={`${surface.iconButton} ${styles.close}`}
                aria-label={closeLabel}
                onClick={() => dismiss(toast.id)}
              >
                <svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </ToastContext.Provider>
  );
}
