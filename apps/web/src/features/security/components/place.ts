import type { TFunction } from 'i18next';
import { formatTime } from '../../../lib/format';
import type { SessionView } from '../api/security';

/** The server's marker for a country header it could not trust (lib/geo.ts on the server). */
const UNTRUSTED = 'untrusted';

/** A country code as the player's language names it ("SG" → 新加坡 / Singapore). */
export function countryName(code: string | null, language: string, t: TFunction): string {
  if (!code) return t('security.unknown');
  if (code === UNTRUSTED) return t('security.untrustedCountry');
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Where a session signed in, in one line: country · IP · device. The device is the browser fingerprint id
 * the app sent at sign-in; its first characters are enough to tell one's own phone from a stranger's.
 */
export function describePlace(s: SessionView, language: string, t: TFunction): string {
  return [
    countryName(s.country, language, t),
    s.ip ? t('security.ip', { ip: s.ip }) : null,
    s.device ? t('security.device', { id: s.device.slice(0, 8) }) : t('security.noDevice'),
  ]
    .filter(Boolean)
    .join(' · ');
}

export const signInTime = (s: SessionView) => formatTime(s.created_at);
