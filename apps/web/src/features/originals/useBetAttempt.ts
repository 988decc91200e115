import { useRef, useState } from 'react';
import { ApiError } from '../../lib/http';
import { useIsSignedIn } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { useBetMutation, type BetRequest, type BetResult, type OriginalGame } from './api/originals';

/** Auto-bet plays at most this many rounds per start (a bound on an unattended loop). */
export const AUTO_BET_ROUNDS = 10;
const AUTO_BET_PAUSE_MS = 600;

/**
 * Whether a failed bet may have been placed anyway. A lost connection, a timeout or a 5xx leaves the outcome
 * unknown: the server may have settled the round after the answer was lost. A business refusal (HTTP 200
 * with a non-200 code), a schema refusal (400) or a 401/429 means the server did not bet.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.cancelled) return false;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

/**
 * One bet attempt with its idempotency key. The key is created when the player first taps for a given bet and
 * reused when the same bet is tapped again after an unknown outcome, so a retry returns the first round
 * instead of betting twice; it is dropped once the server answers for sure (settled or refused), and a bet
 * with other parameters is a new attempt with a new key (the server refuses a key reused for another bet).
 */
export function useBetAttempt(game: OriginalGame) {
  const bet = useBetMutation(game);
  const attempt = useRef<{ key: string; request: string } | null>(null);

  async function place(request: BetRequest): Promise<BetResult> {
    const fingerprint = JSON.stringify(request);
    if (attempt.current?.request !== fingerprint) {
      attempt.current = { key: crypto.randomUUID(), request: fingerprint };
    }
    const key = attempt.current.key;
    try {
      const result = await bet.mutateAsync({ ...request, idempotency_key: key });
      attempt.current = null;
      return result;
    } catch (error) {
      if (!outcomeUnknown(error) && attempt.current?.key === key) attempt.current = null;
      throw error;
    }
  }

  return { place, busy: bet.isPending };
}

/**
 * The controls every original shares: the stake, one bet per tap and the bounded auto-bet loop. `build`
 * returns the game's request (or null when the game refuses to bet yet, having said why).
 */
export function useOriginalRound(
  game: OriginalGame,
  build: () => { request: Omit<BetRequest, 'amount'>; params: Record<string, unknown> } | null,
  onSettled: (result: BetResult, params: Record<string, unknown>) => void,
) {
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const { place, busy } = useBetAttempt(game);
  const [amount, setAmount] = useState('1');
  const [auto, setAuto] = useState(false);
  const autoLeft = useRef(0);

  async function play(): Promise<boolean> {
    if (!signedIn) {
      openLogin(1);
      return false;
    }
    const built = build();
    if (!built) return false;
    try {
      onSettled(await place({ amount, ...built.request }), built.params);
      return true;
    } catch {
      // The HTTP client has told the player why; the loop stops and the next tap retries with the same key.
      return false;
    }
  }

  async function startAuto() {
    autoLeft.current = AUTO_BET_ROUNDS;
    setAuto(true);
    while (autoLeft.current > 0) {
      autoLeft.current -= 1;
      if (!(await play())) break;
      await new Promise((r) => setTimeout(r, AUTO_BET_PAUSE_MS));
    }
    autoLeft.current = 0;
    setAuto(false);
  }

  return {
    amount,
    setAmount,
    busy,
    auto,
    play,
    setAutoOn: (on: boolean) => {
      if (on) void startAuto();
      // Switching off stops after the round in flight.
      else autoLeft.current = 0;
    },
  };
}

export type OriginalRound = ReturnType<typeof useOriginalRound>;
