import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The payment channel's signature (README "Payment channel"): HMAC-SHA256 with the merchant secret over the
 * canonical string of a message — every field except `sign` whose value is a non-empty string, sorted by
 * name (byte order), written `name=value` and joined with `&`, values exactly as sent (no URL encoding) —
 * as 64 lowercase hex digits. Orders, status queries, status answers and notifications all use it.
 */
export function canonical(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && typeof fields[k] === 'string' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k] as string}`)
    .join('&');
}

export function sign(secret: string, fields: Record<string, unknown>): string {
  return createHmac('sha256', secret).update(canonical(fields)).digest('hex');
}

/** Constant-time check of `fields.sign`. */
export function verify(secret: string, fields: Record<string, unknown>): boolean {
  const given = typeof fields.sign === 'string' ? fields.sign : '';
  const want = sign(secret, fields);
  return given.length === want.length && timingSafeEqual(Buffer.from(given), Buffer.from(want));
}

export function signed<T extends Record<string, string>>(secret: string, fields: T): T & { sign: string } {
  return { ...fields, sign: sign(secret, fields) };
}
