import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Envelope } from '@koi/contract';
import { AppError, isAppError } from '../errors';
import { localeOf } from './locale';

export function failure(request: FastifyRequest, error: AppError): Envelope<null> {
  const message = error.userMessage(localeOf(request));
  const body = error.details ? { message, details: error.details } : { message };
  return { code: error.code, result: null, message, error: body, request_id: request.id };
}

const FIELD_NAMES_ZH: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Names the first offending field so that a client developer can fix the request without reading logs. */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'body';
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
  const params = first.params as { issue?: { code?: string; keys?: string[] } } | undefined;
  const issue = params?.issue;
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length)
    return `不支持的字段 ${issue.keys.join(', ')}`;
  const label = field || FIELD_NAMES_ZH[where] || where;
  return `${label} ${first.message ?? '格式不正确'}`;
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
      return new AppError('BAD_REQUEST', { detail: '请求体不是合法的JSON' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', { detail: 'JSON请求体为空' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', { detail: 'Content-Length 不正确' });
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
      if (mapped) {
        request.log.info({ code: raw.code, message: raw.message }, 'client error');
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
