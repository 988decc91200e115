import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const saved = readStorage(STORAGE_KEYS.language);
const initial: Language = saved === 'en' ? 'en' : 'zh-CN';

/**
 * Chinese, the default, ships with the app; English is fetched only when a player chooses it (or chose it
 * before), so most players never download it. i18next asks this backend for any language not bundled, and
 * react-i18next holds the first render until it has arrived, so an English player never sees Chinese flash.
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (language !== 'en') return callback(null, {});
    import('./en').then(
      (m) => callback(null, m.en),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': { translation: zhCN } },
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

if (typeof document !== 'undefined') document.documentElement.lang = initial;

let later: Promise<void> | null = null;

/**
 * The Chinese strings of the screens that load later (zh-CN.later.ts), merged in once. Chinese is the fallback
 * of English too, so they are fetched whatever the language. Screens loaded with lazyScreen wait for them.
 */
export function loadLaterStrings(): Promise<void> {
  later ??= import('./zh-CN.later').then((m) => {
    i18n.addResourceBundle('zh-CN', 'translation', m.zhCNLater, true, false);
  });
  return later;
}

export function setLanguage(lng: Language) {
  writeStorage(STORAGE_KEYS.language, lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
