import {
  betHistoryAnswer,
  TransferStatus,
  type BetHistoryAnswer,
  type BetHistoryRequest,
  type TransferAnswer,
  type TransferMoveRequest,
} from '@koi/provider-protocol';
import { signedPost, type ProviderEndpoint } from './launch.adapter';

/** How long Koi waits for a transfer-wallet provider before leaving a move to the reconciler. */
export const TRANSFER_TIMEOUT_MS = 2000;

/** What a call to a transfer-wallet provider came to: an answer, or none in time (outcome unknown). */
export type TransferCallResult = { answered: true; answer: TransferAnswer } | { answered: false };

async function call(
  endpoint: ProviderEndpoint,
  path: string,
  payload: object,
  timeoutMs: number,
): Promise<TransferCallResult> {
  const { url, init } = signedPost(endpoint, path, payload, timeoutMs);
  try {
    const response = await fetch(url, init);
    if (!response.ok) return { answered: false };
    const answer = (await response.json()) as TransferAnswer;
    if (!Object.values(TransferStatus).includes(answer.status)) return { answered: false };
    return { answered: true, answer };
  } catch {
    return { answered: false };
  }
}

/** Server-to-server calls of the transfer-wallet model, signed like the seamless ones. */
export function createTransferClient(timeoutMs = TRANSFER_TIMEOUT_MS) {
  return {
    moveIn: (endpoint: ProviderEndpoint, req: TransferMoveRequest) =>
      call(endpoint, '/api/transfer/in', req, timeoutMs),
    moveOut: (endpoint: ProviderEndpoint, req: TransferMoveRequest) =>
      call(endpoint, '/api/transfer/out', req, timeoutMs),
    status: (endpoint: ProviderEndpoint, transferId: string) =>
      call(endpoint, '/api/transfer/status', { transfer_id: transferId }, timeoutMs),
    balance: (endpoint: ProviderEndpoint, provider: string, user: string) =>
      call(endpoint, '/api/transfer/balance', { provider, user }, timeoutMs),
    /** A page of the provider's bet history; null when it did not answer well (the pull tries again later). */
    async betHistory(endpoint: ProviderEndpoint, req: BetHistoryRequest): Promise<BetHistoryAnswer | null> {
      const { url, init } = signedPost(endpoint, '/api/transfer/bet-history', req, timeoutMs);
      try {
        const response = await fetch(url, init);
        if (!response.ok) return null;
        const parsed = betHistoryAnswer.safeParse(await response.json());
        return parsed.success && parsed.data.status === TransferStatus.OK ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

export type TransferClient = ReturnType<typeof createTransferClient>;
