import type { Envelope, SUCCESS_CODE as ContractSuccessCode } from '@koi/contract';
import { requestHeaders } from '@koi/contract/client';
import i18n from '../i18n';
import { getToken, useAuthStore } from '../stores/auth';
import { useProgressStore } from '../stores/progress';
import { useUiStore } from '../stores/ui';
import { showAlert, showToast } from './toast';

/**
 * The one HTTP client of the player app (spec §7, §8). Every call goes to the same origin under `/api`, reads
 * the envelope, and fails with an ApiError after telling the player why, exactly once, in the spec's words.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Envelope code for business failures, HTTP status for protocol failures, 0 for network/cancel. */
    readonly code: number,
    readonly status: number,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Type-only import keeps zod (the contract's runtime) out of the player bundle; the type pins the value. */
const SUCCESS_CODE: typeof ContractSuccessCode = 200;

type Params = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST';
  params?: Params;
  data?: Params;
  /** Default form-urlencoded (spec §7); JSON and multipart are accepted by the server too (decision 6). */
  contentType?: 'form' | 'json' | 'multipart';
  /** Files sent with a multipart body, several under one name (a post's images). */
  files?: Record<string, Blob[]>;
  signal?: AbortSignal;
  /** Do not toast failures; the caller shows its own feedback. 401 handling still runs. */
  silent?: boolean;
};

const HTTP_MESSAGE_STATUSES = new Set([400, 401, 403, 404, 408, 501, 502, 503, 504, 505]);

/** Spec §8: the text for a failed HTTP status. 500 shows the server's own text; 404 names the URL. */
export function httpErrorMessage(status: number, url: string, serverText?: string): string {
  if (status === 500) return serverText || i18n.t('http.500');
  if (status === 404) return `${i18n.t('http.404')} ${url}`;
  if (HTTP_MESSAGE_STATUSES.has(status)) return i18n.t(`http.${status}` as 'http.400');
  // 429 and other statuses the server explains itself (rate limits) keep the server's text when it has one.
  return serverText || i18n.t('http.other');
}

function toSearch(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

function encodeBody(
  data: Params | undefined,
  contentType: RequestOptions['contentType'],
  files?: RequestOptions['files'],
) {
  const entries = Object.entries(data ?? {}).filter(([, v]) => v !== undefined && v !== null);
  if (contentType === 'json') {
    return { body: JSON.stringify(Object.fromEntries(entries)), type: 'application/json' };
  }
  if (contentType === 'multipart') {
    const form = new FormData();
    for (const [k, v] of entries) form.set(k, String(v));
    for (const [k, blobs] of Object.entries(files ?? {})) for (const blob of blobs) form.append(k, blob);
    return { body: form, type: null };
  }
  const form = new URLSearchParams();
  for (const [k, v] of entries) form.set(k, String(v));
  return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
}

/**
 * 401 from anywhere: forget the token and ask the player to sign in (spec §4), without a toast, except when the
 * server says why the session ended (a frozen account): then the player reads the reason instead of a bare
 * sign-in dialog they cannot get past.
 */
function handleUnauthorized(envelope: Envelope<unknown> | null) {
  if (getToken()) useAuthStore.getState().clearToken();
  if (envelope?.error?.details?.reason === 'frozen') {
    showAlert(envelope.error.message, i18n.t('common.confirm'));
    return;
  }
  useUiStore.getState().openLogin(1);
}

function notify(message: string, silent: boolean | undefined) {
  if (!silent && message) showToast(message);
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = requestHeaders(i18n.language, getToken());
  let body: BodyInit | undefined;
  if (method === 'POST') {
    const encoded = encodeBody(options.data, options.contentType, options.files);
    body = encoded.body;
    if (encoded.type) headers['Content-Type'] = encoded.type;
    // Spec §7: a payload carrying a sign field also sends it as a header.
    const sign = options.data?.sign;
    if (sign !== undefined && sign !== null) headers.sign = String(sign);
  }
  const fullUrl = `${url}${toSearch(options.params)}`;
  const progress = useProgressStore.getState();
  progress.start();
  try {
    let response: Response;
    try {
      response = await fetch(fullUrl, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (isAbort(error) || options.signal?.aborted) throw new ApiError('cancelled', 0, 0, true);
      const message = i18n.t(navigator.onLine === false ? 'common.offline' : 'http.network');
      notify(message, options.silent);
      throw new ApiError(message, 0, 0);
    }
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch (error) {
      if (isAbort(error) || options.signal?.aborted) throw new ApiError('cancelled', 0, 0, true);
      envelope = null;
    }
    if (response.status === 401 || envelope?.code === 401) {
      handleUnauthorized(envelope);
      throw new ApiError(i18n.t('http.401'), 401, response.status);
    }
    if (!response.ok) {
      const serverText = envelope?.error?.message || envelope?.message || undefined;
      const message = httpErrorMessage(response.status, url, serverText);
      notify(message, options.silent);
      throw new ApiError(message, envelope?.code ?? response.status, response.status);
    }
    if (!envelope || envelope.code !== SUCCESS_CODE) {
      const message = envelope?.error?.message || envelope?.message || i18n.t('http.other');
      notify(message, options.silent);
      throw new ApiError(message, envelope?.code ?? 0, response.status);
    }
    return envelope.result as T;
  } finally {
    progress.done();
  }
}

export const api = {
  get: <T>(url: string, params?: Params, options: Omit<RequestOptions, 'method' | 'params'> = {}) =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, data?: Params, options: Omit<RequestOptions, 'method' | 'data'> = {}) =>
    request<T>(url, { ...options, method: 'POST', data }),
};
