/**
 * The OTC caution panel: a warning line that opens to the full advice (be careful trading online; check with
 * support). Props: title (the always-visible line), children (the advice), defaultOpen (default false),
 * expandLabel / collapseLabel (accessible names of the toggle).
 */
import { type ReactNode, useId, useState } from 'react';
import surface from '../surface/surface.module.css';
import styles from './otc-reminder.module.css';

export interface OtcReminderProps {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  expandLabel?: string;
  collapseLabel?: string;
}

export function OtcReminder({
  title,
  children,
  defaultOpen = false,
  expandLabel = 'Show more',
  collapseLabel = 'Show less',
}: OtcReminderProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className={styles.reminder} data-open={open || undefined}>
      <div className={styles.head}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M8 1.5 15 14H1z" fill="none" stroke="currentColor" strokeWidth="1.25" strokeLinejoin="round" />
          <path d="M8 6v4M8 11.5v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <p className={styles.title}>{title}</p>
        <button
          type="button"
          className={`${surface.iconButton} ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? collapseLabel : expandLabel}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
