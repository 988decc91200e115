import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Envelope, ErrorKey, ErrorParam, LocalizedText } from '@koi/contract';
import { AppError, isAppError } from '../errors';
import { localeOf } from './locale';
import { redactUrlSecrets } from './logging';

export function failure(request: Pick<FastifyRequest, 'id' | 'headers'>, error: AppError): Envelope<null> {
  const message = error.userMessage(localeOf(request));
  const body = error.details ? { message, details: error.details } : { message };
  return { code: error.code, result: null, message, error: body, request_id: request.id };
}

/** The 404 answer for an address no route claims, naming the address (cut short when long). */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url;
  return reply.status(404).send(failure(request, new AppError('NOT_FOUND', { url })));
}

const FIELD_NAMES: Record<string, LocalizedText> = {
  body: { zh: '请求体', en: 'body' },
  querystring: { zh: '查询参数', en: 'query' },
  params: { zh: '路径参数', en: 'path parameter' },
  headers: { zh: '请求头', en: 'header' },
};

/**
 * Names the first offending field so that a client developer can fix the request without reading logs. The
 * validator's own sentence is English; the words around it follow the request's language.
 */
function describeValidation(error: FastifyError): ErrorParam {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'body';
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
  const params = first.params as { issue?: { code?: string; keys?: string[] } } | undefined;
  const issue = params?.issue;
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
    const keys = issue.keys.join(', ');
    return { zh: `不支持的字段 ${keys}`, en: `unsupported field ${keys}` };
  }
  const label = field ? { zh: field, en: field } : (FIELD_NAMES[where] ?? { zh: where, en: where });
  return first.message
    ? { zh: `${label.zh} ${first.message}`, en: `${label.en} ${first.message}` }
    : { zh: `${label.zh} 格式不正确`, en: `${label.en} is malformed` };
}

/** Maps Fastify's own error codes (parsing, limits, routing) onto the catalogue. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', {
        detail: { zh: '请求体不是合法的JSON', en: 'the body is not valid JSON' },
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', { detail: { zh: 'JSON请求体为空', en: 'the JSON body is empty' } });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', {
        detail: { zh: 'Content-Length 不正确', en: 'wrong Content-Length' },
      });
  }
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode === 401) return new AppError('UNAUTHORIZED');
  if (error.statusCode === 403) return new AppError('FORBIDDEN');
  if (error.statusCode === 404) return new AppError('NOT_FOUND', { url: '' });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('BAD_REQUEST', { detail: '请求格式不正确' });
  }
  return null;
}

/** A stream cut short because the client's connection is gone (its socket destroyed). */
function clientLeft(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.socket?.destroyed === true;
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let error: AppError;
    if (isAppError(raw)) {
      error = raw;
    } else if (hasZodFastifySchemaValidationErrors(raw)) {
      error = new AppError('BAD_REQUEST', { detail: describeValidation(raw) });
    } else if (isResponseSerializationError(raw)) {
      request.log.error({ err: raw, cause: raw.cause }, 'response did not match its schema');
      error = new AppError('INTERNAL');
    } else {
      const mapped = fromFastifyError(raw);
      if (clientLeft(raw, request)) {
        // The client closed the connection before the answer was written: a compressed answer's stream is
        // cut short (@fastify/compress), and Fastify hands the stream's error here when no byte had been
        // sent yet. Nothing failed on the server, and nobody is left to answer.
        request.log.info({ code: raw.code }, 'client closed the connection before the answer');
        error = new AppError('BAD_REQUEST', {
          detail: { zh: '连接已关闭', en: 'the connection was closed' },
        });
      } else if (mapped) {
        request.log.info({ code: raw.code, message: redactUrlSecrets(raw.message) }, 'client error');
        error = mapped;
      } else {
        // Unknown failures are logged with their stack; the caller sees only the catalogue text and the id.
        request.log.error({ err: raw }, 'unhandled error');
        error = new AppError('INTERNAL');
      }
    }
    if (error.key === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.status(error.httpStatus).send(failure(request, error));
  });
}

export default fp(errorsPlugin, { name: 'koi-errors' });

/*
 * Errors raised before any route or plugin runs. Fastify's router refuses a URL it cannot decode (`GET /%`)
 * and a route parameter over maxParamLength; Node's HTTP parser refuses oversized headers (431), timeouts
 * (408) and broken request lines before Fastify sees a request at all. Both would answer in their own JSON
 * shapes; these two handlers, passed to Fastify's constructor, answer in the envelope from the catalogue.
 */

/** The catalogue's error for each failure code of the router and of Node's HTTP parser that Koi words itself. */
const EARLY_ERRORS: Record<string, ErrorKey> = {
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};
/** The AppError of an early failure: its own catalogue entry, or `otherwise`. */
const earlyError = (code: string | undefined, otherwise: ErrorKey) =>
  new AppError((code && EARLY_ERRORS[code]) || otherwise);

/** Fastify's `frameworkErrors` option: router failures, with a real request (and so a locale and a log). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = earlyError(error.code, 'INTERNAL');
  request.log.info({ code: error.code, message: redactUrlSecrets(error.message) }, 'client error');
  void reply.status(mapped.httpStatus).send(failure(request, mapped));
}

const ACCEPT_LANGUAGE = /^accept-language:[ \t]*([^\r\n]*)/im;

/**
 * Fastify's `clientErrorHandler` option: the connection has no parsed request, only a socket and, usually,
 * the raw bytes received, from which the Accept-Language header is read when it arrived.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  // A reset connection has nobody left to answer (as in Fastify's own handler).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = earlyError(error.code, 'MALFORMED_REQUEST');
  const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 16_384) : '';
  const language = ACCEPT_LANGUAGE.exec(received)?.[1];
  const id = randomUUID();
  const envelope = failure({ id, headers: { 'accept-language': language } }, appError);
  this.log.info({ code: error.code, reqId: id }, 'client error before a request was parsed');
  if (socket.writable) {
    const payload = JSON.stringify(envelope);
    const status = appError.httpStatus;
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nx-request-id: ${id}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}
