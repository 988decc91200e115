import { ERRORS, formatErrorMessage, type ErrorKey, type ErrorParam, type Locale } from '@koi/contract';

/**
 * The one error type. Code that breaks a rule throws `new AppError('INSUFFICIENT_BALANCE')`; the error
 * handler turns it into the envelope, the HTTP status and the message in the caller's language.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, ErrorParam>;
  /** Facts the client shows beside the message (sent as `error.details`); most errors carry none. */
  readonly details: Record<string, string> | undefined;

  constructor(key: ErrorKey, params: Record<string, ErrorParam> = {}, details?: Record<string, string>) {
    super(formatErrorMessage(key, 'en', params));
    this.name = 'AppError';
    this.key = key;
    this.params = params;
    this.details = details;
  }

  get code(): number {
    return ERRORS[this.key].code;
  }

  get httpStatus(): number {
    return ERRORS[this.key].http;
  }

  /** Fastify and its plugins read `statusCode` from thrown errors. */
  get statusCode(): number {
    return this.httpStatus;
  }

  userMessage(locale: Locale): string {
    return formatErrorMessage(this.key, locale, this.params);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
