import { createHmac } from 'node:crypto';

/**
 * Mini App launch data as Telegram signs it for a bot (core.telegram.org/bots/webapps, "Validating data received
 * via the Mini App"): every field but `hash` is written `key=value`, the lines are sorted by key and joined with
 * a line feed (the data-check-string); the secret key is HMAC-SHA256 of the bot token keyed with the constant
 * "WebAppData", and `hash` is the hex HMAC-SHA256 of the data-check-string under that secret key. Values are
 * the strings as they appear once the query string is decoded, objects (`user`) as JSON.
 */
export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

export function initDataHash(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

/** The signed launch data as the query string Telegram hands a Mini App (`tgWebAppData`). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  params.set('hash', initDataHash(fields, botToken));
  return params.toString();
}
