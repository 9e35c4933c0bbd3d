/**
 * A select with optional search, as a combobox over a listbox (shell.md §3, §5, §9). Five options show before
 * the list scrolls; an option is 40 px high, 50 px for type 'double' (value over label).
 * Props: options [{code, value, label?, img?}] (options without code are ignored), value (the selected code),
 * onChange(option), label (accessible name), placeholder, type 'single' | 'double', searchable,
 * searchLabel (accessible name and placeholder of the search box), noDataText (default 'no matching data'),
 * disabled. Keys: Enter/Space/ArrowDown open; arrows, Home, End move; Enter picks; Esc closes.
 */
import * as Popover from '@radix-ui/react-popover';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { POPUP_GAP_PX } from '../popup-gap.ts';
import surface from '../surface/surface.module.css';
import styles from './select.module.css';
import { type CodedOption, optionText, type SelectOption, visibleOptions } from './select-options.ts';

export const VISIBLE_OPTIONS = 5;
export const NO_MATCHING_DATA = 'no matching data';

export interface SelectProps {
  options: SelectOption[];
  value: string | undefined;
  onChange: (option: CodedOption) => void;
  label: string;
  placeholder?: string;
  type?: 'single' | 'double';
  searchable?: boolean;
  searchLabel?: string;
  noDataText?: string;
  disabled?: boolean;
}

export function Select({
  options,
  value,
  onChange,
  label,
  placeholder = '',
  type = 'single',
  searchable = false,
  searchLabel = 'Search',
  noDataText = NO_MATCHING_DATA,
  disabled = false,
}: SelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => visibleOptions(options, query), [options, query]);
  const selected = useMemo(() => visibleOptions(options, '').find((option) => option.code === value), [options, value]);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const heightToken = type === 'double' ? '--option-height-double' : '--option-height';

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setQuery('');
    setActive(
      Math.max(
        0,
        visibleOptions(options, '').findIndex((option) => option.code === value),
      ),
    );
  };

  const pick = (option: CodedOption) => {
    onChange(option);
    setOpen(false);
  };

  const moveActive = (index: number) => {
    if (shown.length === 0) return;
    const next = Math.min(Math.max(index, 0), shown.length - 1);
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: shown.length - 1,
      PageDown: active + VISIBLE_OPTIONS,
      PageUp: active - VISIBLE_OPTIONS,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveActive(target);
      return;
    }
    const option = shown[active];
    if (event.key === 'Enter' && option) {
      event.preventDefault();
      pick(option);
    }
  };

  const activeDescendant = shown[active] ? optionId(active) : undefined;

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        className={`${surface.control} ${styles.trigger}`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            changeOpen(true);
          }
        }}
      >
        {selected?.img && <img className={styles.img} src={selected.img} alt="" />}
        <span className={selected ? styles.value : styles.placeholder}>{selected ? selected.value : placeholder}</span>
        <svg className={styles.caret} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={`${surface.popup} ${styles.content}`}
          align="start"
          sideOffset={POPUP_GAP_PX}
          onKeyDown={onListKeyDown}
          onOpenAutoFocus={(event) => {
            if (searchable) return;
            event.preventDefault();
            document.getElementById(listId)?.focus();
          }}
        >
          {searchable && (
            <input
              className={styles.search}
              type="search"
              aria-label={searchLabel}
              placeholder={searchLabel}
              aria-controls={listId}
              aria-activedescendant={activeDescendant}
              aria-autocomplete="list"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
            />
          )}
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            tabIndex={searchable ? -1 : 0}
            aria-activedescendant={searchable ? undefined : activeDescendant}
            className={styles.list}
            style={{ maxHeight: `calc(var(${heightToken}) * ${VISIBLE_OPTIONS})` }}
          >
            {shown.length === 0 ? (
              <p className={styles.empty} style={{ height: `var(${heightToken})` }}>
                {noDataText}
              </p>
            ) : (
              shown.map((option, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the list (aria-activedescendant)
                <div
                  key={option.code}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={option.code === value}
                  data-active={index === active || undefined}
                  className={styles.option}
                  style={{ height: `var(${heightToken})` }}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(option)}
                >
                  {option.img && <img className={styles.img} src={option.img} alt="" />}
                  {type === 'double' ? (
                    <span className={styles.double}>
                      <span className={styles.value}>{option.value}</span>
                      <span className={styles.sub}>{option.label}</span>
                    </span>
                  ) : (
                    <span className={styles.value}>{optionText(option)}</span>
                  )}
                </div>
              ))
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
