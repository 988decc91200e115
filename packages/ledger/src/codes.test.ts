import { describe, expect, it } from 'vitest';
import { TRANSFER_CODES, TRANSFER_CODE_NAMES_EN, TRANSFER_CODE_NAMES_ZH, transferCodeName } from './codes';

describe('transfer code names', () => {
  it('names every code in both languages, and an unknown code by its number', () => {
    for (const code of TRANSFER_CODES) {
      expect(TRANSFER_CODE_NAMES_ZH[code]).toMatch(/\S/);
      expect(TRANSFER_CODE_NAMES_EN[code]).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
    expect(transferCodeName(9, 'zh-CN')).toBe('人工调整');
    expect(transferCodeName(9, 'en')).toBe('Manual adjustment');
    expect(transferCodeName(99, 'en')).toBe('99');
  });
});
