import { randomUUID } from 'node:crypto';
import { signedHeaders, type WalletAnswer } from '@koi/provider-protocol';
import { requestJson } from '../http/client';

export interface Faults {
  /** Deliver each bet this many times at once (same transaction_uuid). */
  duplicateDelivery: number;
  /** Give up waiting for Koi's answer to a bet after this many ms, then roll the bet back. */
  timeoutMs: number;
  /** Send the bet's rollback before the bet itself. */
  rollbackBeforeDebit: boolean;
  /** Send the win before its bet, then the bet, then the win again. */
  outOfOrderCredit: boolean;
  /** Sign with a wrong secret. */
  wrongSignature: boolean;
  /** Transfer wallet: apply Koi's transfer but answer only after this many ms (Koi times out first). */
  transferDelayMs: number;
  /** Transfer wallet: never apply Koi's transfer and never answer in time (a lost request). */
  transferDrop: boolean;
}

export const NO_FAULTS: Faults = {
  duplicateDelivery: 1,
  timeoutMs: 0,
  rollbackBeforeDebit: false,
  outOfOrderCredit: false,
  wrongSignature: false,
  transferDelayMs: 0,
  transferDrop: false,
};

/**
 * Signed calls to Koi's seamless wallet, as a real provider makes them: with this provider's own secret,
 * over the method, path, timestamp and body.
 */
export function createKoiClient(opts: {
  koiUrl: string;
  secrets: ReadonlyMap<string, string>;
  provider: string;
}) {
  // The five wallet paths' URLs, parsed once per client rather than on every call.
  const urls = new Map<string, URL>();
  const urlOf = (path: string) => {
    let url = urls.get(path);
    if (!url) {
      url = new URL(`/api/providers/${opts.provider}/${path}`, opts.koiUrl);
      urls.set(path, url);
    }
    return url;
  };
  async function call(
    path: string,
    payload: object,
    faults: Faults,
    timeoutMs = 10_000,
  ): Promise<WalletAnswer> {
    const own = opts.secrets.get(opts.provider);
    if (!own) throw new Error(`no secret configured for provider ${opts.provider}`);
    const body = JSON.stringify(payload);
    const secret = faults.wrongSignature ? `${own}-wrong` : own;
    const url = urlOf(path);
    const headers = signedHeaders(secret, { method: 'POST', path: url.pathname, rawBody: body });
    return (await requestJson(url, { method: 'POST', headers, body, timeoutMs })).json as WalletAnswer;
  }
  return {
    call,
    balance: (token: string, user: string, faults: Faults) =>
      call('user/balance', { request_uuid: randomUUID(), token, user }, faults),
  };
}

export type KoiClient = ReturnType<typeof createKoiClient>;
