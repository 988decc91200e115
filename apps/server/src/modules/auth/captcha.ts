import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { sha256Hex, safeEqualHex } from '../../lib/crypto';

export const CAPTCHA_TTL_MS = 2 * 60_000;

/** Draws a 4-character captcha as an SVG data URL. Look-alike characters are left out. */
export function drawCaptcha(): { answer: string; imgUrl: string } {
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    background: '#f4f0ff',
    ignoreChars: '0oO1lIiq9gCcKkPpSsUuVvWwXxZz',
    width: 120,
    height: 44,
    fontSize: 46,
  });
  return { answer: text, imgUrl: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Answers are compared case-insensitively and stored salted and hashed. */
export function hashAnswer(answer: string, salt: string = randomBytes(16).toString('hex')) {
  return { salt, answerHash: sha256Hex(`${salt}:${answer.trim().toLowerCase()}`) };
}

export function answerMatches(answer: string, stored: { salt: string; answerHash: string }): boolean {
  return safeEqualHex(hashAnswer(answer, stored.salt).answerHash, stored.answerHash);
}
