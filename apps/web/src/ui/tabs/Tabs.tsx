/**
 * A horizontal tab bar (variant 'bar', underlined) or a segmented control (variant 'segmented'), on Radix Tabs:
 * arrow keys move between tabs, Home/End jump. Props: items [{key, name, content?}] (content, when given, is the
 * tab's panel), value (the selected key), onValueChange(key), label (accessible name of the tab list), variant,
 * block (tabs share the full width).
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  key: string;
  name: ReactNode;
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value: string;
  onValueChange: (key: string) => void;
  label: string;
  variant?: 'bar' | 'segmented';
  block?: boolean;
}

export function Tabs({ items, value, onValueChange, label, variant = 'bar', block = false }: TabsProps) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} activationMode="automatic">
      <RadixTabs.List
        aria-label={label}
        className={[styles.list, styles[variant], block && styles.block].filter(Boolean).join(' ')}
      >
        {items.map((item) => (
          <RadixTabs.Trigger key={item.key} value={item.key} disabled={item.disabled} className={styles.tab}>
            {item.name}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map(
        (item) =>
          item.content !== undefined && (
            <RadixTabs.Content key={item.key} value={item.key} className={styles.panel}>
              {item.content}
            </RadixTabs.Content>
          ),
      )}
    </RadixTabs.Root>
  );
}

/** The segmented look of Tabs (e.g. Limit / Market); same props without variant. */
export function SegmentedTab(props: Omit<TabsProps, 'variant'>) {
  return <Tabs {...props} variant="segmented" />;
}
