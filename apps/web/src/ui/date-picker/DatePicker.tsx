/**
 * A date field with a calendar pop-up (shell.md §4, §5). The trigger toggles the calendar; a day click picks a
 * draft, Confirm reports it, Cancel (or Esc, or a click outside) restores the previous value, Clear reports ''.
 * Days of the months around the shown one move the calendar to their month instead of being picked.
 * Props: value ('YYYY-MM-DD' or ''), onChange(value), label, placeholder, min / max (Unix seconds; max defaults
 * to 2554387200), locale (for month and weekday names, default 'en-US'), confirmText, cancelText, clearText,
 * previousMonthLabel, nextMonthLabel. Arrow keys move the focused day; Enter picks it.
 */
import * as Popover from '@radix-ui/react-popover';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Button } from '../button/Button.tsx';
import { POPUP_GAP_PX } from '../popup-gap.ts';
import surface from '../surface/surface.module.css';
import {
  addDays,
  addMonths,
  CALENDAR_UPPER_BOUND_SECONDS,
  isWithinBounds,
  monthGrid,
  parseIsoDate,
  type YearMonth,
} from './calendar-month.ts';
import styles from './date-picker.module.css';

export interface DatePickerProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  min?: number;
  max?: number;
  locale?: string;
  confirmText?: string;
  cancelText?: string;
  clearText?: string;
  previousMonthLabel?: string;
  nextMonthLabel?: string;
}

const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const arrowMoves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function DatePicker({
  value,
  onChange,
  label,
  placeholder = 'YYYY-MM-DD',
  min,
  max = CALENDAR_UPPER_BOUND_SECONDS,
  locale = 'en-US',
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  clearText = 'Clear',
  previousMonthLabel = 'Previous month',
  nextMonthLabel = 'Next month',
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const [focused, setFocused] = useState(value || todayIso());
  const [view, setView] = useState<YearMonth>(() => parseIsoDate(value || todayIso()) ?? { year: 2024, month: 0 });
  const grid = useRef<HTMLTableElement>(null);

  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, i) => format.format(new Date(2024, 0, 1 + i)));
  }, [locale]);
  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(
    new Date(view.year, view.month, 1),
  );

  const openCalendar = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    // Opening starts from the current value: whatever was picked and not confirmed is gone (cancel semantics).
    const start = value || todayIso();
    setDraft(value);
    setFocused(start);
    setView(parseIsoDate(start) ?? view);
  };

  const showMonthOf = (date: string) => {
    const parts = parseIsoDate(date);
    if (parts) setView({ year: parts.year, month: parts.month });
  };

  const focusDay = (date: string) => {
    setFocused(date);
    showMonthOf(date);
    requestAnimationFrame(() => grid.current?.querySelector<HTMLElement>(`[data-date="${date}"]`)?.focus());
  };

  const choose = (date: string, inMonth: boolean) => {
    if (!isWithinBounds(date, min, max)) return;
    if (!inMonth) {
      focusDay(date);
      return;
    }
    setDraft(date);
    setFocused(date);
  };

  const onGridKeyDown = (event: KeyboardEvent) => {
    const delta = arrowMoves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    focusDay(addDays(focused, delta));
  };

  const close = () => setOpen(false);

  return (
    <Popover.Root open={open} onOpenChange={openCalendar}>
      <Popover.Trigger
        type="button"
        className={`${surface.control} ${styles.trigger}`}
        aria-label={label}
        aria-haspopup="dialog"
      >
        <span className={value ? styles.value : styles.placeholder}>{value || placeholder}</span>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <rect x="2" y="3" width="12" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.25" />
          <path d="M2 6.5h12M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.25" strokeLinecap="round" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={`${surface.popup} ${styles.content}`}
          align="start"
          sideOffset={POPUP_GAP_PX}
          aria-label={label}
          role="dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
          }}
        >
          <div className={styles.header}>
            <button
              type="button"
              className={styles.nav}
              aria-label={previousMonthLabel}
              onClick={() => setView(addMonths(view, -1))}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="m10 4-4 4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              </svg>
            </button>
            <h2 className={styles.title} aria-live="polite">
              {title}
            </h2>
            <button
              type="button"
              className={styles.nav}
              aria-label={nextMonthLabel}
              onClick={() => setView(addMonths(view, 1))}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="m6 4 4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <table ref={grid} aria-label={title} className={styles.grid} onKeyDown={onGridKeyDown}>
            <thead>
              <tr>
                {weekdays.map((name) => (
                  <th key={name} scope="col" className={styles.weekday}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view).map((week) => (
                <tr key={week[0]?.date}>
                  {week.map((day) => {
                    const selectable = isWithinBounds(day.date, min, max);
                    return (
                      <td key={day.date}>
                        <button
                          type="button"
                          data-date={day.date}
                          className={styles.day}
                          data-outside={!day.inMonth || undefined}
                          data-selected={day.date === draft || undefined}
                          aria-label={day.date}
                          aria-pressed={day.date === draft}
                          aria-disabled={!selectable || undefined}
                          tabIndex={day.date === focused ? 0 : -1}
                          onClick={() => choose(day.date, day.inMonth)}
                        >
                          {day.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.footer}>
            <Button
              variant="text"
              onClick={() => {
                onChange('');
                close();
              }}
            >
              {clearText}
            </Button>
            <span className={styles.spacer} />
            <Button variant="ghost" size="s" onClick={close}>
              {cancelText}
            </Button>
            <Button
              size="s"
              onClick={() => {
                onChange(draft);
                close();
              }}
            >
              {confirmText}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
