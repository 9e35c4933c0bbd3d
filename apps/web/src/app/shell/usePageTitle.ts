import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from './page-title.ts';

export function usePageTitle(routeName: string, seoTitle: string | undefined): void {
  const { t } = useTranslation();
  const page = routeName === 'home' ? undefined : t(`title.${routeName}`, { defaultValue: '' }) || undefined;
  const title = pageTitle(seoTitle, page) || t('brand.fallbackTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
