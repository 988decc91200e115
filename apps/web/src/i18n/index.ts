import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const saved = readStorage(STORAGE_KEYS.language);
const initial: Language = saved === 'en' ? 'en' : 'zh-CN';

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

export function setLanguage(lng: Language) {
  writeStorage(STORAGE_KEYS.language, lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
