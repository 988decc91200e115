import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct codes of four groups of four, without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('reads a code back whatever its case, spaces and dashes', () => {
    const [code] = newRecoveryCodes();
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ')} `;
    expect(normaliseRecoveryCode(typed)).toBe(code!.replaceAll('-', ''));
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code!));
    expect(looksLikeRecoveryCode(typed)).toBe(true);
  });

  it('tells a recovery code from an authenticator code or a truncated code', () => {
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(looksLikeRecoveryCode('ABCD-EFGH-JKMN')).toBe(false);
    expect(looksLikeRecoveryCode('ABCD-EFGH-JKMN-PQRST')).toBe(false);
  });
});
