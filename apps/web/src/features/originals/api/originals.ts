import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairnessInfo, OriginalBetResult, RotateSeedResult, SeedsResult, UserInfo } from '@koi/contract';
import { api } from '../../../lib/http';
import { STALE } from '../../../lib/query';
import { userKeys } from '../../auth/api/userInfo';

/** Koi's provably fair originals (decision 16): dice, limbo, mines. Shapes follow @koi/contract originals. */
export type OriginalGame = 'dice' | 'limbo' | 'mines';
export const ORIGINAL_GAMES: readonly OriginalGame[] = ['dice', 'limbo', 'mines'];

export type Fairness = FairnessInfo;

export type BetRequest = {
  amount: string;
  target?: string;
  direction?: 'over' | 'under';
  mines?: number;
  picks?: number[];
};

export type BetResult = OriginalBetResult;
export type RotateResult = RotateSeedResult;

export const originalKeys = { seeds: ['originals', 'seeds'] as const };

export function useSeedsQuery(enabled: boolean) {
  return useQuery({
    queryKey: originalKeys.seeds,
    queryFn: () => api.get<SeedsResult>('/api/originals/seeds').then((r) => r.current),
    enabled,
    staleTime: STALE.SECONDS_30,
  });
}

/**
 * One bet, settled at once. The caller owns the idempotency key (one per attempt, reused on retry: see
 * `useBetAttempt`), so a retried request after a lost answer returns the first result instead of betting twice.
 */
export function useBetMutation(game: OriginalGame) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BetRequest & { idempotency_key: string }) =>
      api.post<BetResult>(`/api/originals/${game}/bet`, {
        amount: request.amount,
        idempotency_key: request.idempotency_key,
        target: request.target,
        direction: request.direction,
        mines: request.mines,
        picks: request.picks?.join(','),
      }),
    onSuccess: (result) => {
      // The bet answers with the new balance and the next nonce; no extra round trip is needed.
      client.setQueriesData<UserInfo>({ queryKey: userKeys.all }, (info) =>
        info ? { ...info, balance: result.balance } : info,
      );
      client.setQueryData<Fairness>(originalKeys.seeds, {
        ...result.fairness,
        nonce: result.fairness.nonce + 1,
      });
    },
  });
}

export function useRotateSeedMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) =>
      api.post<RotateResult>('/api/originals/seeds/rotate', { client_seed: clientSeed }),
    onSuccess: (result) => client.setQueryData(originalKeys.seeds, result.current),
  });
}
