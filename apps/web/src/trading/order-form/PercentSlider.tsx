import styles from '../trading.module.css';

const MARKS = [0, 25, 50, 75, 100];

export interface PercentSliderProps {
  /** Whole percent, 0 to 100. */
  value: number;
  onChange: (percent: number) => void;
  label: string;
  disabled?: boolean;
  /** Buy or sell colours the filled part of the track. */
  side: 'buy' | 'sell';
}

/**
 * The share of the available balance an order uses: a native range input (drag or click anywhere on the track,
 * arrows by 1 %, Page Up/Down by a quarter, Home/End; a screen reader hears "50%") drawn over a track with marks at
 * 0/25/50/75/100 %. The input reaches half a thumb past each end, so its value lines up with the drawn marks.
 */
export function PercentSlider({ value, onChange, label, disabled, side }: PercentSliderProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={styles.slider}
      data-side={side}
      data-disabled={disabled || undefined}
      style={{ '--percent': `${clamped}%` } as React.CSSProperties}
    >
      <div className={styles.sliderTrack}>
        <span className={styles.sliderFill} aria-hidden="true" />
        {MARKS.map((mark) => (
          <span
            key={mark}
            className={styles.sliderMark}
            data-reached={clamped >= mark || undefined}
            style={{ left: `${mark}%` }}
            aria-hidden="true"
          />
        ))}
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={clamped}
          disabled={disabled}
          aria-label={label}
          aria-valuetext={`${clamped}%`}
          onChange={(event) => onChange(Number(event.target.value))}
          onKeyDown={(event) => {
            // Page Up/Down move a quarter, like the marks.
            if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
            event.preventDefault();
            const next =
              event.key === 'PageUp' ? Math.floor(clamped / 25) * 25 + 25 : Math.ceil(clamped / 25) * 25 - 25;
            onChange(Math.max(0, Math.min(100, next)));
          }}
        />
      </div>
      <div className={styles.sliderLabels} aria-hidden="true">
        {MARKS.map((mark) => (
          <span key={mark} style={{ left: `${mark}%` }}>
            {mark}%
          </span>
        ))}
      </div>
    </div>
  );
}
