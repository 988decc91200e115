import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const KEY = 'koi_admin_language';

function saved(): Language {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

const initial = saved();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

/** Chinese first; the choice is remembered per browser. Requests carry it so server messages match. */
export function setLanguage(lng: Language) {
  try {
    localStorage.setItem(KEY, lng);
  } catch {
    /* private mode: this tab only */
  }
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
