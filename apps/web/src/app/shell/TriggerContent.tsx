import type { ReactNode } from 'react';
import styles from './header.module.css';

/** Outline glyphs (24-unit grid) of the header's menus, shown in place of their words on a phone. */
const glyphs = {
  assets: 'M3 7h15a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h11M16 13.5h.01',
  orders: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  messages: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2M10 21h4',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8M4 21a8 8 0 0 1 16 0',
  download: 'M7 3h10v18H7zM11 18h2',
  language: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  skin: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.2-1.7-.4-1 .3-2.3 1.5-2.3H17a4 4 0 0 0 4-4c0-5-4-10-9-10M7.5 11h.01M10 7h.01M15 7h.01',
} as const;

export type TriggerGlyph = keyof typeof glyphs;

/**
 * What a header menu's trigger shows: its words on a wide screen, its glyph on a phone, where the words of every
 * menu do not fit beside the logo. The trigger's accessible name stays the words (its aria-label).
 */
export function TriggerContent({ glyph, children }: { glyph: TriggerGlyph; children: ReactNode }) {
  return (
    <>
      <svg className={styles.glyph} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={glyphs[glyph]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.words}>{children}</span>
    </>
  );
}
