import { gameCategoryName, HOT_TAB_NAMES } from '@koi/contract';
import i18n from '../../i18n';

/**
 * A category's name in the player's language, from the contract (the one source of category names); 0 is the
 * home's hot tab. Ids the contract does not know keep `fallback` (the server's name).
 */
export function categoryName(id: number, form: 'full' | 'tab' = 'full', fallback = ''): string {
  const en = i18n.language === 'en';
  if (id === 0) return en ? HOT_TAB_NAMES.en : HOT_TAB_NAMES.zh;
  return gameCategoryName(id, en ? 'en' : 'zh-CN', form) ?? fallback;
}
