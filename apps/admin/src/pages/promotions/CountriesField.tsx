import { useMemo } from 'react';
import { Select } from 'antd';
import { COUNTRY_CODES } from '@koi/contract';
import { useTranslation } from 'react-i18next';

/**
 * The countries of a promotion's audience: a searchable multiple select over the contract's ISO 3166-1 alpha-2
 * list (the server accepts no other), each shown by its name in the console's language and its code. Nothing
 * selected means every country.
 */
export function CountriesSelect(props: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames(i18n.language.startsWith('en') ? 'en' : 'zh-CN', { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
  }, [i18n.language]);
  return (
    <Select
      id={props.id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('promotions.countriesAll')}
      options={options}
      value={props.value ?? []}
      onChange={(codes: string[]) => props.onChange?.(codes)}
    />
  );
}

/**
 * The audience the console sends: its JSON text with the selected countries set. Text that is not a JSON
 * object is sent as it is, for the server to refuse with the reason.
 */
export function audienceWithCountries(audience: string, countries: string[]): string {
  try {
    const parsed = JSON.parse(audience.trim() || '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return JSON.stringify({ ...parsed, countries });
    }
  } catch {
    // Not JSON: the server names what is wrong with it.
  }
  return audience;
}

/** An audience split for the form: its countries, and the rest as JSON text. */
export function audienceForForm(audience: Record<string, unknown> | undefined): {
  audience: string;
  countries: string[];
} {
  const { countries, ...rest } = audience ?? {};
  return {
    audience: JSON.stringify(rest),
    countries: Array.isArray(countries) ? countries.filter((c): c is string => typeof c === 'string') : [],
  };
}
