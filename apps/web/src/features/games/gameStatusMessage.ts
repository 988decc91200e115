import { formatErrorMessage, gameStatusError } from '@koi/contract';
import i18n from '../../i18n';

/**
 * Spec §8 game toasts by status, from the contract's error catalogue: the same text the server answers when the
 * game is opened anyway. Null when the game is playable. The catalogue (every error's text in two languages,
 * about 7 KB gzip) loads with the first such toast, not with the first screen (openGame.ts).
 */
export function gameStatusMessage(status: number | null | undefined): string | null {
  const key = gameStatusError(status);
  return key && formatErrorMessage(key, i18n.language === 'en' ? 'en' : 'zh-CN');
}
