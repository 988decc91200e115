import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/*
 * The country deny-list (decision 18): enforced at registration, sign-in and deposit (order and crediting).
 * The caller's country comes from one header that the CDN or load balancer in front of Koi sets
 * (GEO_COUNTRY_HEADER, Cloudflare's cf-ipcountry by default). Only a single, well-formed value can be that
 * proxy's: a client may add its own copy of the header, and Node joins repeated headers into "CN, CN",
 * which matches no denied code, so a second header would walk past the block. A header that is repeated
 * or malformed is therefore not trusted, and the deny-list refuses it like a denied country.
 */

/** What `countryOf` answers for a country header that is present but cannot be trusted. */
export const UNTRUSTED_COUNTRY = 'untrusted';

/** ISO 3166-1 alpha-2, plus Cloudflare's XX (unknown) and T1 (Tor). */
const COUNTRY_CODE = /^[A-Z][A-Z0-9]$/;

/**
 * The country of a request: null when the header is absent, the upper-case code when it is one well-formed
 * value, UNTRUSTED_COUNTRY otherwise. The raw header lines are counted, so a repeated header is caught even
 * when its copies were joined into one value.
 */
export function countryOf(
  request: Pick<FastifyRequest, 'headers' | 'raw'>,
  geo: Config['geo'],
): string | null {
  const value = request.headers[geo.countryHeader];
  if (value === undefined) return null;
  const raw = request.raw.rawHeaders;
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === geo.countryHeader) lines += 1;
  }
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return lines <= 1 && COUNTRY_CODE.test(code) ? code : UNTRUSTED_COUNTRY;
}

/** The deny-list check: a denied country, or a country header that cannot be trusted. */
export function isCountryDenied(geo: Config['geo'], country: string | null): boolean {
  return (
    country !== null && (country === UNTRUSTED_COUNTRY || geo.deniedCountries.has(country.toUpperCase()))
  );
}
