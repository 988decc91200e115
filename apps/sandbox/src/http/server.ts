import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { SandboxConfig } from '../config';

/**
 * The one HTTP server every sandboxed system shares. JSON bodies are kept raw as well as parsed because
 * several systems sign the exact bytes (the provider protocol, payment notifications); a body that is not
 * JSON parses to `undefined` so each route answers its own 400 instead of Fastify's generic one.
 */
export function createHttp(config: SandboxConfig): FastifyInstance {
  // Koi polls the chain and the payout rail every second or so: logging each request at info filled the log
  // (about 600 KB in 25 minutes). Requests are logged once, at debug, and failures above it.
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'warn' : reply.statusCode >= 400 ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as unknown as { rawBody: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(null, undefined);
    }
  });
  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}

/** The exact request body as received (empty when there was none). */
export function rawBody(request: FastifyRequest): string {
  return (request as unknown as { rawBody?: string }).rawBody ?? '';
}

/** Where a browser reaches the sandbox: the configured public URL, else localhost on the listening port. */
export function publicUrl(app: FastifyInstance, config: SandboxConfig): string {
  return (
    config.publicUrl ??
    `http://localhost:${(app.server.address() as { port: number } | null)?.port ?? config.port}`
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Escapes text for HTML pages; every page builds its markup from strings. */
export const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers an HTML page in UTF-8 (the sandbox's pages are Chinese). */
export function sendPage(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').send(html);
}

/** A page that is not there (an unknown order or game session): 404 with one Chinese sentence. */
export function sendMissingPage(reply: FastifyReply, sentence: string) {
  return sendPage(reply.status(404), `<meta charset="utf-8"><p>${escapeHtml(sentence)}</p>`);
}

/** The refusal shape of the payment channel and the payout rail: `{ error: { code, message } }`. */
export function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ error: { code, message } });
}
