/**
 * What every Koi client (the player app, the console) sends with each call. This module has no runtime
 * dependency, and is exported on its own path (`@koi/contract/client`) so that the player app can import it
 * without pulling zod into its first screen.
 */

/** JSON answers, messages in the reader's language, and the session's bearer token when there is one. */
export function requestHeaders(language: string, token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
