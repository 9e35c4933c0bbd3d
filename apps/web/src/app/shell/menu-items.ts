import type { NavigateFunction } from 'react-router';
import type { DropdownMenuItem } from '../../ui/dropdown-menu/DropdownMenu.tsx';
import type { HeaderLink } from './header-links.ts';

/** Header links as dropdown items: routes of this app navigate in place, other hosts are plain links. */
export function linkItems(
  links: HeaderLink[],
  label: (key: string) => string,
  navigate: NavigateFunction,
): DropdownMenuItem[] {
  return links.map((link) =>
    link.to
      ? { key: link.key, label: label(link.key), onSelect: () => navigate(link.to as string) }
      : { key: link.key, label: label(link.key), href: link.href },
  );
}
