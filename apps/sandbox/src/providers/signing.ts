import type { FastifyRequest } from 'fastify';
import { checkSignature } from '@koi/provider-protocol';
import type { SandboxConfig } from '../config';
import { rawBody } from '../http/server';

/**
 * Whether Koi signed this request with the named provider's secret (each provider has its own, as a real
 * one would). A call that names no provider (a transfer status query, which carries only Koi's transfer id)
 * is accepted under any configured provider's secret: every provider the sandbox plays would answer it.
 */
export function signedByKoi(config: SandboxConfig, request: FastifyRequest, provider?: string): boolean {
  const target = { method: request.method, path: request.url, rawBody: rawBody(request) };
  const secrets =
    provider === undefined
      ? [...config.providers.secrets.values()]
      : [config.providers.secrets.get(provider)].filter((s): s is string => s !== undefined);
  return secrets.some((secret) => checkSignature(secret, request.headers, target) === 'ok');
}

/** The provider a Koi game code belongs to (`pg-…`, `ky-…`); the sandbox's own games are "sim". */
export const providerOfGame = (gameCode: string) => /^([a-z0-9]+)-/.exec(gameCode)?.[1] ?? 'sim';
