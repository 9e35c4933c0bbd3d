import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderMenu, MenuLinks } from './HeaderMenu.tsx';
import { type HeaderLink, submenuPlacement } from './header-links.ts';

/** The "more" submenu: absent when nothing is in it; opens above when fewer than 350 px are free below. */
export default function MoreMenu({ links }: { links: HeaderLink[] }) {
  const { t } = useTranslation();
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  if (links.length === 0) return null;
  const measure = (event: { currentTarget: HTMLElement }) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setSide(submenuPlacement(window.innerHeight - rect.bottom) === 'below' ? 'bottom' : 'top');
  };
  return (
    <span onPointerDownCapture={measure} onKeyDownCapture={measure}>
      <HeaderMenu label={t('nav.more')} trigger={t('nav.more')} side={side} align="start" testId="more-menu">
        <MenuLinks links={links} label={(k) => t(`nav.${k}`)} />
      </HeaderMenu>
    </span>
  );
}
