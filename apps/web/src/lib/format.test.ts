import { describe, expect, it } from 'vitest';
import { formatBalance, imageUrl, PLACEHOLDER_IMAGE } from './format';
import { baseFontSize, layoutWidth } from './rem';

describe('formatBalance', () => {
  it('shows four decimals and never rounds up', () => {
    expect(formatBalance('0.99999')).toBe('0.9999');
    expect(formatBalance('12.5')).toBe('12.5000');
    expect(formatBalance('1234567.123456')).toBe('1,234,567.1234');
  });

  it('reads signed wire amounts: keeps a minus, drops a plus', () => {
    expect(formatBalance('+0.980000')).toBe('0.9800');
    expect(formatBalance('-1.000000')).toBe('-1.0000');
  });

  it('shows zero for missing or malformed values', () => {
    expect(formatBalance(undefined)).toBe('0.0000');
    expect(formatBalance('abc')).toBe('0.0000');
  });
});

describe('imageUrl', () => {
  it('keeps absolute URLs, prefixes relative paths and falls back to the placeholder', () => {
    expect(imageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrl('/art/a.svg')).toBe('/art/a.svg');
    expect(imageUrl('')).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('rem scaling', () => {
  it('uses a tenth of the width, capped at 480 px above a 750 px viewport', () => {
    expect(baseFontSize(390)).toBe(39);
    expect(baseFontSize(750)).toBe(75);
    expect(baseFontSize(751)).toBe(48);
    expect(layoutWidth(1440)).toBe(480);
  });
});
