import { launchAnswer, signedHeaders, type LaunchRequest } from '@koi/provider-protocol';
import { AppError } from '../../errors';

/** How long Koi waits for a provider to open a session before telling the player to try again. */
const LAUNCH_TIMEOUT_MS = 5000;

export interface ProviderEndpoint {
  /** Base URL of the provider's server-to-server API. */
  url: string;
  secret: string;
}

/**
 * A signed server-to-server POST of `payload` as JSON to `path` of the provider's API, given up after
 * `timeoutMs`. Only the request is built here: each caller fetches it and decides what no answer means.
 */
export function signedPost(
  endpoint: ProviderEndpoint,
  path: string,
  payload: object,
  timeoutMs: number,
): { url: URL; init: RequestInit } {
  const body = JSON.stringify(payload);
  const url = new URL(path, endpoint.url);
  const headers = signedHeaders(endpoint.secret, {
    method: 'POST',
    path: url.pathname + url.search,
    rawBody: body,
  });
  return { url, init: { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) } };
}

/**
 * Asks a seamless provider to open a game session for a player (server to server, signed) and returns the
 * URL the player's browser opens. The provider then calls Koi's wallet with the session token.
 */
export async function requestLaunch(
  endpoint: ProviderEndpoint,
  request: LaunchRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const { url, init } = signedPost(endpoint, '/api/launch', request, LAUNCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch {
    throw new AppError('PROVIDER_UNAVAILABLE');
  }
  if (!response.ok) throw new AppError('PROVIDER_UNAVAILABLE');
  const parsed = launchAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError('PROVIDER_UNAVAILABLE');
  return parsed.data.url;
}
