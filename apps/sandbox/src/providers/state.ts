import type { BetHistoryRound, TransferStatus, WalletAnswer } from '@koi/provider-protocol';
import { NO_FAULTS, type Faults } from './koi-client';

export interface Session {
  id: string;
  token: string;
  user: string;
  gameCode: string;
  gameName: string | undefined;
  provider: string;
  model: 'seamless' | 'transfer';
  createdAt: number;
}

export interface Round {
  id: string;
  sessionId: string;
  user: string;
  gameCode: string;
  betUuid: string;
  winUuid: string;
  amountMicro: string;
  winMicro: string;
  /** settled, refused (Koi refused the bet), rolled_back (the bet was undone), failed (no answer) */
  state: 'settled' | 'refused' | 'rolled_back' | 'failed';
  answers: { step: string; answer: WalletAnswer | { error: string } }[];
  outcome: unknown;
  at: string;
}

/** Rounds kept in memory for the control API; bounded so a long demo cannot grow without limit. */
const ROUNDS_MAX = 5000;
/** Settled transfer-wallet rounds kept per provider for the bet-history API (a real provider keeps weeks). */
const HISTORY_MAX = 100_000;

/** A settled transfer-wallet round in the provider's bet history, numbered in the order it was recorded. */
export interface HistoryEntry {
  seq: number;
  round: BetHistoryRound;
}
export const SESSIONS_MAX = 10_000;

/**
 * Everything the game providers hold, in memory (a provider restart loses open game sessions, as a real
 * provider's would expire them). Transfer-wallet providers hold the player's money themselves: balances by
 * provider and user, and every transfer Koi made, by Koi's transfer id (applied at most once).
 */
export function createProvidersState() {
  const rounds: Round[] = [];
  const history = new Map<string, HistoryEntry[]>();
  let historySeq = 0;
  return {
    /** Each transfer-wallet provider's bet history, oldest first. */
    history,
    /** Appends a settled round to its provider's history; the oldest is dropped past the bound. */
    recordHistory(provider: string, round: BetHistoryRound) {
      let entries = history.get(provider);
      if (!entries) history.set(provider, (entries = []));
      historySeq += 1;
      entries.push({ seq: historySeq, round });
      if (entries.length > HISTORY_MAX) entries.shift();
    },
    sessions: new Map<string, Session>(),
    wallets: new Map<string, bigint>(),
    transfers: new Map<string, { status: TransferStatus; balance: bigint }>(),
    rounds,
    faults: { ...NO_FAULTS } as Faults,
    walletKey: (provider: string, user: string) => `${provider}:${user}`,
    /** Starts a round record; the oldest is dropped past the bound. */
    newRound(session: Session, amountMicro: bigint, id: string, betUuid: string, winUuid: string): Round {
      const round: Round = {
        id,
        sessionId: session.id,
        user: session.user,
        gameCode: session.gameCode,
        betUuid,
        winUuid,
        amountMicro: amountMicro.toString(),
        winMicro: '0',
        state: 'failed',
        answers: [],
        outcome: null,
        at: new Date().toISOString(),
      };
      rounds.push(round);
      if (rounds.length > ROUNDS_MAX) rounds.shift();
      return round;
    },
  };
}

export type ProvidersState = ReturnType<typeof createProvidersState>;
