import { describe, expect, it } from 'vitest';
import { readRemembered, saveRemembered, validateRegister } from './remember';

describe('register checks (spec §5 order)', () => {
  const base = { username: 'player0001', password: 'secret1', confrimPas: 'secret1', ageConfirmed: true };

  it('reports a password mismatch before empty fields', () => {
    expect(validateRegister({ ...base, username: '', confrimPas: 'other' })).toBe('auth.mismatch');
  });

  it('reports empty fields', () => {
    expect(validateRegister({ ...base, username: '' })).toBe('auth.missing');
    expect(validateRegister({ ...base, password: '', confrimPas: '' })).toBe('auth.missing');
  });

  it('requires the 18+ confirmation last', () => {
    expect(validateRegister({ ...base, ageConfirmed: false })).toBe('auth.ageRequired');
    expect(validateRegister(base)).toBeNull();
  });
});

describe('remember me', () => {
  it('stores username and password under userPass and clears them when off', () => {
    saveRemembered(true, { username: 'player0001', password: 'pw' });
    expect(readRemembered()).toEqual({ username: 'player0001', password: 'pw' });
    saveRemembered(false, { username: 'player0001', password: 'pw' });
    expect(readRemembered()).toBeNull();
  });
});
