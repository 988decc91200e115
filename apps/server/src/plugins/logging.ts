import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/*
 * What reaches the log, decided in one place. Two kinds of secret could leak into a log line:
 * - fields of a body or headers (passwords, captcha answers, tokens), removed by pino's `redact` paths;
 * - query values in a URL: a sign-in link carries `?token=` or `?code=`, and Fastify logs every request URL
 *   and the router puts URLs into its error messages. Every URL and every error message goes through
 *   `redactUrlSecrets` in the serializers below, so no route or plugin has to remember it.
 */

/** Fields that must never reach a log line. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.confrimPas',
  'body.captcha',
  'body.old_password',
  'body.new_password',
  'body.token',
  // A sign-in link's one-time code (decision 31) when it is traded for a session.
  'body.code',
  '*.password',
  '*.token',
];

/** Query parameters whose values are credentials (sign-in links, one-time codes). */
const SECRET_QUERY = /([?&](?:token|code)=)[^&#\s"']*/gi;

/** Replaces the value of every `token=` and `code=` query parameter in a URL or a text holding URLs. */
export function redactUrlSecrets(text: string): string {
  return text.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino's own error serializer (type, message, stack, cause chain, own fields), with URL secrets removed. */
function serializeError(error: Error) {
  const out = pino.stdSerializers.err(error);
  return { ...out, message: redactUrlSecrets(out.message), stack: redactUrlSecrets(out.stack) };
}

/** Options for Fastify's pino logger: level, destination, redaction and the URL-safe serializers. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request serializer, with the URL's secrets removed.
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrlSecrets(request.url ?? ''),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: serializeError,
    },
    ...(stream ? { stream } : {}),
  };
}
