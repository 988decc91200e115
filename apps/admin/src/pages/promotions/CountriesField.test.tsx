import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { audienceForForm, audienceWithCountries, CountriesSelect } from './CountriesField';

describe('the promotion form’s countries', () => {
  it('lists countries by Chinese name, finds one by its name, and gives back its ISO code', async () => {
    const onChange = vi.fn();
    render(<CountriesSelect value={['TH']} onChange={onChange} />);
    expect(screen.getByText('泰国 (TH)')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox'), '越南');
    await userEvent.click(await screen.findByTitle('越南 (VN)'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['TH', 'VN']));
  });

  it('offers no withdrawn code or grouping', async () => {
    render(<CountriesSelect />);
    expect(screen.getByText('全部国家或地区')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox'), '苏联');
    expect(screen.queryByTitle(/苏联/)).toBeNull();
    await userEvent.clear(screen.getByRole('combobox'));
    await userEvent.type(screen.getByRole('combobox'), '(EU)');
    expect(screen.queryByTitle(/\(EU\)/)).toBeNull();
  });

  it('sends the countries inside the audience and splits them out of a stored one', () => {
    expect(JSON.parse(audienceWithCountries('{"vip_min":2}', ['VN']))).toEqual({
      vip_min: 2,
      countries: ['VN'],
    });
    expect(JSON.parse(audienceWithCountries('', []))).toEqual({ countries: [] });
    expect(audienceWithCountries('{', ['VN'])).toBe('{');
    expect(audienceForForm({ vip_min: 2, countries: ['VN', 'TH'] })).toEqual({
      audience: '{"vip_min":2}',
      countries: ['VN', 'TH'],
    });
    expect(audienceForForm(undefined)).toEqual({ audience: '{}', countries: [] });
  });
});
