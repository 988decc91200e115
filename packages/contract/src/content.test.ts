import { describe, expect, it } from 'vitest';
import { isSafeLink } from './content';

describe('isSafeLink (links players may open: config items 3, 4, 5, 7 and banners)', () => {
  it('accepts https:, http: and tg: links and paths on the site', () => {
    for (const link of [
      'https://t.me/koi_support',
      'http://chat.example/',
      'tg://resolve?domain=koi',
      'tg:resolve?domain=koi',
      '/service',
      'service?x=1',
      '#top',
    ]) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('refuses other schemes, other sites written without one, and control characters, as a browser reads them', () => {
    for (const link of [
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:someone@example.com',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      'https:evil',
      'https://chat.example/\u0000',
      'https://chat.example/\u0085',
    ]) {
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
    }
  });
});
