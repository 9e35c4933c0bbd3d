import type { TFunction } from 'i18next';
import { htmlLang, isLanguage } from './languages.ts';

/** The localised words of the design system's date picker and pagination, for screens that use them. */
export function datePickerText(t: TFunction, language: string) {
  return {
    locale: isLanguage(language) ? htmlLang[language] : 'en',
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
    clearText: t('control.clear'),
    previousMonthLabel: t('control.previousMonth'),
    nextMonthLabel: t('control.nextMonth'),
  };
}

export function paginationText(t: TFunction) {
  return {
    ofText: t('pagination.of'),
    previousLabel: t('pagination.previous'),
    nextLabel: t('pagination.next'),
    label: t('pagination.label'),
  };
}
