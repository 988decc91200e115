import { describe, expect, it } from 'vitest';
import { moneyText } from './ui';

describe('moneyText', () => {
  it('pads to two decimals and keeps up to four, exactly as sent', () => {
    expect(moneyText('12')).toEqual({ text: '12.00', exact: true });
    expect(moneyText('12.500000')).toEqual({ text: '12.50', exact: true });
    expect(moneyText('0.123400')).toEqual({ text: '0.1234', exact: true });
    expect(moneyText('-7.1')).toEqual({ text: '-7.10', exact: true });
  });

  it('cuts (never rounds) beyond four decimals and says so, so the full value can be shown on hover', () => {
    expect(moneyText('0.123456')).toEqual({ text: '0.1234', exact: false });
    expect(moneyText('99999999.999999')).toEqual({ text: '99999999.9999', exact: false });
    expect(moneyText('-0.000001')).toEqual({ text: '-0.0000', exact: false });
  });

  it('leaves anything that is not a decimal string as it is', () => {
    expect(moneyText('—')).toEqual({ text: '—', exact: true });
  });
});
