import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The country deny-list (decision 18): enforced at registration, sign-in and deposit (order and crediting).
 * The caller's country comes from the header the CDN or load balancer sets (GEO_COUNTRY_HEADER).
 */
export function countryOf(request: FastifyRequest, geo: Config['geo']): string | null {
  const value = request.headers[geo.countryHeader];
  return typeof value === 'string' && value ? value.toUpperCase() : null;
}

export function isCountryDenied(geo: Config['geo'], country: string | null): boolean {
  return country !== null && geo.deniedCountries.has(country.toUpperCase());
}
