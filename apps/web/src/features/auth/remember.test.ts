import { describe, expect, it } from 'vitest';
import { forgetStoredPassword, readRemembered, saveRemembered, validateRegister } from './remember';

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

describe('remember me (decision 30)', () => {
  it('stores the username only under userPass, and clears it when off', () => {
    saveRemembered(true, 'player0001');
    expect(JSON.parse(localStorage.getItem('userPass')!)).toEqual({ username: 'player0001' });
    expect(localStorage.getItem('userPass')).not.toContain('password');
    expect(readRemembered()).toBe('player0001');
    saveRemembered(false, 'player0001');
    expect(localStorage.getItem('userPass')).toBeNull();
    expect(readRemembered()).toBeNull();
  });

  it('deletes a password stored by an older version and keeps its username', () => {
    localStorage.setItem('userPass', JSON.stringify({ username: 'player0001', password: 'secret123' }));
    forgetStoredPassword();
    expect(localStorage.getItem('userPass')).toBe(JSON.stringify({ username: 'player0001' }));
    expect(localStorage.getItem('userPass')).not.toContain('secret123');
  });

  it('removes an old entry that holds a password but no usable username', () => {
    localStorage.setItem('userPass', JSON.stringify({ username: '', password: 'secret123' }));
    forgetStoredPassword();
    expect(localStorage.getItem('userPass')).toBeNull();
  });

  it('keeps a username-only entry and removes an unreadable one', () => {
    localStorage.setItem('userPass', JSON.stringify({ username: 'player0001' }));
    forgetStoredPassword();
    expect(readRemembered()).toBe('player0001');
    localStorage.setItem('userPass', 'secret123');
    forgetStoredPassword();
    expect(localStorage.getItem('userPass')).toBeNull();
  });
});
