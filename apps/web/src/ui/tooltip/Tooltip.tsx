/**
 * A tooltip on Radix Tooltip: shown on hover and on keyboard focus, Esc hides it. Props: content (the tip),
 * children (ONE focusable element, the trigger), side ('top' default), delayMs (default 200).
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { POPUP_GAP_PX } from '../popup-gap.ts';
import styles from './tooltip.module.css';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  delayMs?: number;
}

export function Tooltip({ content, children, side = 'top', delayMs = 200 }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={POPUP_GAP_PX} className={styles.content}>
            {content}
            <RadixTooltip.Arrow className={styles.arrow} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
