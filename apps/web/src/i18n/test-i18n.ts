import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from './locales/en_US.ts';

/** Component tests read English text, as users of the default language would. */
if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    lng: 'en_US',
    resources: { en_US: { translation: messages } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}
