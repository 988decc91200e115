import type { FastifyRequest } from 'fastify';

/**
 * Links Koi builds for a player (the payment channel's return link, the sandbox wallet link) must lead back to
 * the origin the player is using: a browser keeps the session per origin, so a player who opened
 * http://localhost:8080 and is sent back to http://127.0.0.1:8080 arrives signed out. A configured public URL
 * (KOI_PUBLIC_URL, or WEB_PUBLIC_URL for the app) wins; otherwise the request's own origin is used, as the
 * browser sent it (behind a trusted proxy, the forwarded scheme and host: see TRUST_PROXY).
 */

/** A Host header Koi will echo into a link: a DNS name, IPv4 or bracketed IPv6 address, optional port. */
const SAFE_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The origin of the request as the player's browser addressed it, or null for a host that is not a plain name. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || host.length > 255 || !SAFE_HOST.test(host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** Where the player's links point: the configured public URL, else the request's origin, else `fallback`. */
export function playerOrigin(request: FastifyRequest, configured: string | null, fallback: string): string {
  return (configured ?? requestOrigin(request) ?? fallback).replace(/\/+$/, '');
}

/**
 * A link to a process running beside Koi on this machine (the sandbox) with the loopback name the player uses:
 * `http://127.0.0.1:8090/x` for a player on http://localhost:8080 becomes `http://localhost:8090/x`. A link to
 * another machine, or a player who is not on a loopback name, is left as it is.
 */
export function onPlayersLoopbackName(url: string, request: FastifyRequest): string {
  const origin = requestOrigin(request);
  if (!origin) return url;
  const target = new URL(url);
  const player = new URL(origin);
  if (!LOOPBACK.has(target.hostname) || !LOOPBACK.has(player.hostname)) return url;
  target.hostname = player.hostname;
  return target.toString();
}
