import type { Locale } from '@koi/contract';

/**
 * A name an operator gives in Chinese and, optionally, in English (a provider, a game): English-mode players
 * see the English one when there is one and the Chinese one otherwise, never nothing.
 */
export function localName(zh: string, en: string | null | undefined, locale: Locale): string {
  return locale === 'en' && en ? en : zh;
}
