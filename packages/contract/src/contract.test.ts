import { describe, expect, it } from 'vitest';
import { ERRORS, flagField, formatErrorMessage, intField, registerRequest, text } from './index';

describe('field helpers', () => {
  it('accepts integers as numbers or digits only', () => {
    const f = intField({ min: 1, max: 100 });
    expect(f.parse(5)).toBe(5);
    expect(f.parse('42')).toBe(42);
    for (const bad of ['', ' 4', '4.5', '1e2', '0x10', 'abc', 0, 101, 1.5])
      expect(f.safeParse(bad).success).toBe(false);
  });

  it('reads flags from the words forms send and the JSON numbers 1 and 0', () => {
    const f = flagField();
    for (const yes of [true, 1, '1', 'true', 'on', 'YES']) expect(f.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false', 'off', '']) expect(f.parse(no)).toBe(false);
    for (const bad of ['maybe', 2, -1, 0.5, null]) expect(f.safeParse(bad).success).toBe(false);
  });

  it('normalises text to NFC and refuses control characters and broken Unicode', () => {
    expect(text().parse('e\u0301')).toBe('\u00e9');
    expect(text(5).safeParse('123456').success).toBe(false);
    expect(text().safeParse('a\u0000b').success).toBe(false);
    expect(text().safeParse('a\udc00b').success).toBe(false);
    expect(text().parse('😀 ok')).toBe('😀 ok');
  });

  it('keeps the spec field names of the register form, including confrimPas, and refuses extras', () => {
    const parsed = registerRequest.parse({ username: 'abc', password: 'p', confrimPas: 'p' });
    expect(parsed).toMatchObject({ captcha: '', code: '', device: '', age_confirmed: false });
    expect(registerRequest.safeParse({ username: 'a', role: 'admin' }).success).toBe(false);
  });
});

describe('error catalogue', () => {
  it('has a Chinese and an English text for every code, and unique keys per numeric code meaning', () => {
    for (const [key, e] of Object.entries(ERRORS)) {
      expect(e.zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(e.en, key).toMatch(/[a-z]/i);
      expect([200, 400, 401, 403, 404, 405, 408, 413, 414, 415, 429, 431, 500, 503]).toContain(e.http);
    }
  });

  it('fills placeholders and shows the spec texts exactly', () => {
    expect(formatErrorMessage('PASSWORD_MISMATCH', 'zh-CN')).toBe('密码不一致');
    expect(formatErrorMessage('FIELDS_MISSING', 'zh-CN')).toBe('有未填选项');
    expect(formatErrorMessage('UNAUTHORIZED', 'zh-CN')).toBe('未授权，请登录');
    expect(formatErrorMessage('ACCOUNT_LOCKED', 'zh-CN', { minutes: 15 })).toContain('15分钟');
    expect(formatErrorMessage('ACCOUNT_LOCKED', 'en', {})).toContain('{minutes}');
  });

  it('fills a placeholder given in both languages with the one the message is in', () => {
    const reason = { zh: '金额必须大于0', en: 'amount must be greater than 0' };
    expect(formatErrorMessage('AMOUNT_INVALID', 'zh-CN', { reason })).toBe('金额格式不正确：金额必须大于0');
    expect(formatErrorMessage('AMOUNT_INVALID', 'en', { reason })).toBe(
      'Invalid amount: amount must be greater than 0',
    );
  });
});
