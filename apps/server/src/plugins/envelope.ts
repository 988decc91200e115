import type { Envelope } from '@koi/contract';

/** The success envelope (decision 4). */
export function ok<T>(result: T): Envelope<T> {
  return { code: 200, result, message: 'success', error: null };
}
