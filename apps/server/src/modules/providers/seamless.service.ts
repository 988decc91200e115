import { createHash } from 'node:crypto';
import { AMOUNT_MICRO_MAX, LEDGER_CURRENCY, SystemAccount, TransferCode } from '@koi/ledger';
import {
  WalletStatus,
  type BetRequest,
  type RollbackRequest,
  type WalletAnswer,
  type WinRequest,
} from '@koi/provider-protocol';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import type { WalletService } from '../wallet/wallet.service';
import type { AuthService } from '../auth';
import type { BetsService } from '../bets';
import { AppError } from '../../errors';
import { createProvidersRepository, type WalletCall } from './providers.repository';
import {
  createWalletCallBatcher,
  DEFAULT_WALLET_CALL_BATCHING,
  type WalletCallBatching,
} from './seamless.batcher';
import { ProviderAlertKind, ProviderTxKind } from './providers.schema';

/**
 * What the seamless wallet needs from the wallet module: the ledger's shard count (the SQL function picks the
 * house shard exactly as the service does) and the balance-change signal, raised after the call committed.
 */
export type SeamlessLedger = Pick<WalletService, 'shards' | 'balanceChanged'>;

export interface ProviderIdentity {
  id: number;
  code: string;
}

/** Bounds on what one provider round may pay, from the game's columns or the configured defaults. */
export interface WinBounds {
  maxWinMultiplier: number;
  maxWinPerRoundMicro: bigint;
}

const STATUSES = new Set<string>(Object.values(WalletStatus));
const ALERT_NAMES = new Map<number, string>(
  Object.entries(ProviderAlertKind).map(([name, kind]) => [kind, name.toLowerCase()]),
);

function fingerprint(parts: (string | number | boolean | null | undefined)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The seamless wallet (decision 15): providers debit and credit Koi's ledger through signed, idempotent
 * calls. Every call of one round runs in one database transaction under a per-round lock, which makes the
 * rules below hold under retries, duplicates and reordering. That transaction is one statement: a bet, win or
 * rollback is one call of the SQL function koi_provider_wallet_call (providers/sql), so one round trip
 * to the database, and the round's lock and the ledger's row locks last as long as the function plus its
 * commit instead of 7-9 client round trips (with those the HTTP path ran at 0.05-0.08 of the wallet
 * service's speed). Concurrent calls share one statement and one commit (group commit, seamless.batcher.ts, whose note
 * says why every call still gets exactly its lone answer). The function calls the wallet module's koi_ledger_transfer for the money and the bets module's
 * koi_bet_round_record / koi_bet_round_rolled_back for the round, so each module's tables are still written
 * only by that module's SQL. Balance and user-info calls are one query too (koi_provider_session).
 * The rules:
 *
 * - a repeated transaction_uuid with the same details answers the first answer and moves nothing; with other
 *   details it is a duplicate and is refused;
 * - a win names its bet, and a win for an unknown or rolled-back bet is refused (not recorded, so the
 *   provider's retry succeeds once the bet has arrived);
 * - a rollback reverses exactly the bet it names, once, even after the player's session expired; a rollback
 *   that arrives before its bet is remembered, and the late bet is refused;
 * - a player's balance never goes below zero (the ledger's conditional debit);
 * - a provider is not trusted with unbounded money: a round's wins stay within the game's multiple of the
 *   round's stake and its maximum win per round (RS_ERROR_LIMIT_REACHED), a bet has one win unless the game
 *   is declared multi-win (RS_ERROR_DUPLICATE_TRANSACTION), and a bet whose round has a win is not refunded
 *   until the win was rolled back (RS_ERROR_UNKNOWN); each such refusal leaves an alert for operators;
 * - a rollback names a bet (the stake comes back) or a win (the win goes back);
 * - a session ended by sign-out, freeze or self-exclusion takes no new bets; wins and rollbacks of bets
 *   already placed still settle, since the provider must be able to finish its rounds;
 * - a bet above a stake cap of the player's (the bets module's stake_caps, which promotions keeps as a
 *   bonus's largest bet while its turnover is open, decision 36) is refused with RS_ERROR_LIMIT_REACHED in
 *   the statement that would debit it, except the retry of a bet already taken, which answers its first
 *   answer; the refusal is checked again with the stake guard (recheckedRefusal);
 * - a bet for a game that may not be played now (the games module's assertPlayable rule: unknown to the
 *   catalogue for this provider, switched off, its provider switched off, in maintenance or not yet open) is
 *   refused with RS_ERROR_INVALID_GAME; its rounds' wins and rollbacks still settle.
 */
export function createSeamlessWallet(deps: {
  db: Db;
  ledger: SeamlessLedger;
  clock: Clock;
  /** Win bounds for games that set none of their own (PROVIDER_MAX_WIN_MULTIPLIER, _PER_ROUND). */
  winBounds: WinBounds;
  /** Where refused calls that alert operators are logged beside the alert row, and batches that failed. */
  log?: { warn(obj: object, msg: string): void };
  /** Group commit of concurrent calls (seamless.batcher.ts); false sends each call on its own. */
  batching?: WalletCallBatching | false;
  /** The bets module, told of a round that closed or was rolled back once the call committed. */
  rounds?: Pick<BetsService, 'settled'>;
  /**
   * The stake guard a refused bet is checked again with (the bets module's `guardStake`, where modules above
   * register their rules: promotions' largest bet while a bonus is open), and the player a request's user
   * names. Left out, the SQL's refusal stands as it is (tests of the wallet alone).
   */
  stakes?: Pick<BetsService, 'guardStake'> & Pick<AuthService, 'playerIdOf'>;
}) {
  const { db, ledger, clock, winBounds } = deps;
  const repo = createProvidersRepository(db);
  const batching = deps.batching ?? DEFAULT_WALLET_CALL_BATCHING;
  const batcher = batching
    ? createWalletCallBatcher(
        repo,
        ledger.shards,
        batching,
        deps.log ?? { warn: (details, message) => console.warn(message, details) },
      )
    : null;
  const walletCall = (c: WalletCall) => (batcher ? batcher.submit(c) : repo.walletCall(c));
  const ledgerParams: WalletCall['ledger'] = {
    currency: LEDGER_CURRENCY,
    house: SystemAccount.HOUSE,
    shards: ledger.shards,
    codes: { bet: TransferCode.BET, win: TransferCode.WIN, rollback: TransferCode.ROLLBACK },
    amountMaxMicro: AMOUNT_MICRO_MAX,
  };

  /** A status from SQL is one of the protocol's; anything else is a bug, not an answer to send. */
  function checkedStatus(status: string): WalletStatus {
    if (!STATUSES.has(status)) throw new Error(`unknown wallet status from SQL: ${status}`);
    return status as WalletStatus;
  }

  /** Runs one round-scoped call: one statement, then the balance signal once it has committed. */
  async function call(
    provider: ProviderIdentity,
    req: {
      request_uuid: string;
      user: string;
      transaction_uuid: string;
      currency: string;
      round: string;
      round_closed: boolean;
      game_code: string;
    },
    c: Pick<WalletCall, 'kind' | 'referenceUuid' | 'tokenHash' | 'amountMicro' | 'fingerprint'>,
  ): Promise<WalletAnswer> {
    if (req.currency !== LEDGER_CURRENCY) {
      return {
        status: WalletStatus.WRONG_CURRENCY,
        request_uuid: req.request_uuid,
        user: req.user,
        currency: LEDGER_CURRENCY,
      };
    }
    const result = await walletCall({
      ...c,
      providerId: provider.id,
      transactionUuid: req.transaction_uuid,
      requestUuid: req.request_uuid,
      user: req.user,
      round: req.round,
      gameCode: req.game_code,
      close: req.round_closed,
      now: clock.now(),
      ledger: ledgerParams,
      bounds: winBounds,
    });
    if (result.moved && result.playerId !== null) ledger.balanceChanged([result.playerId]);
    // The round and the valid-bet feed changed in the SQL call (koi_bet_round_record), which cannot call back
    // into JavaScript; the call (or its whole batch) has committed by now, so the announcement follows it here.
    // A retried call announces its round again: bet.settled tells subscribers to re-read the feed, it is not a
    // count.
    if (
      result.status === WalletStatus.OK &&
      result.playerId !== null &&
      (req.round_closed || c.kind === ProviderTxKind.ROLLBACK)
    ) {
      deps.rounds?.settled([{ playerId: result.playerId, providerId: provider.id, roundId: req.round }]);
    }
    if (result.alertKind !== null) {
      deps.log?.warn(
        {
          provider: provider.code,
          kind: ALERT_NAMES.get(result.alertKind) ?? result.alertKind,
          round: req.round,
          transaction: req.transaction_uuid,
        },
        'provider call refused and reported to operators',
      );
    }
    return {
      status: checkedStatus(result.status),
      request_uuid: req.request_uuid,
      user: req.user,
      currency: LEDGER_CURRENCY,
      ...(result.balanceMicro !== undefined ? { balance: Number(result.balanceMicro) } : {}),
      transaction_uuid: req.transaction_uuid,
    };
  }

  /**
   * A bet the SQL refused for a stake cap (RS_ERROR_LIMIT_REACHED: the protocol's answer for a stake over a
   * limit; the game shows it to the player) is checked again with the stake guard, the rule's owner: a cap
   * whose bonus requirement was played through a moment ago is lifted by the guard, and the bet is then sent
   * once more. Only refusals take this path, so a bet under no cap costs nothing more than its one statement.
   * An unknown user keeps its answer.
   */
  async function recheckedRefusal(
    provider: ProviderIdentity,
    req: BetRequest,
    answer: WalletAnswer,
    placeBet: () => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    const stakes = deps.stakes;
    if (answer.status !== WalletStatus.LIMIT_REACHED || !stakes) return answer;
    const playerId = await stakes.playerIdOf(req.user);
    if (playerId === null) return answer;
    try {
      await stakes.guardStake(playerId, BigInt(req.amount), 'bet');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.log?.warn(
        { provider: provider.code, user: req.user, transaction: req.transaction_uuid, refusal: error.key },
        'provider bet refused by a stake guard',
      );
      return answer;
    }
    return placeBet();
  }

  /** A session's status and, when it is live, its player and balance: one query. */
  const session = (provider: ProviderIdentity, token: string, user: string | null) =>
    repo.sessionWithBalance({
      providerId: provider.id,
      tokenHash: sha256Hex(token),
      user,
      currency: LEDGER_CURRENCY,
      now: clock.now(),
    });

  return {
    async userInfo(provider: ProviderIdentity, token: string) {
      const s = await session(provider, token, null);
      if (s.status !== WalletStatus.OK) return { status: checkedStatus(s.status) };
      return {
        status: WalletStatus.OK,
        user: s.username!,
        currency: LEDGER_CURRENCY,
        balance: Number(s.availableMicro),
        game_code: s.gameCode!,
      };
    },

    async balance(
      provider: ProviderIdentity,
      requestUuid: string,
      token: string,
      user?: string,
    ): Promise<WalletAnswer> {
      const s = await session(provider, token, user ?? null);
      if (s.status !== WalletStatus.OK) return { status: checkedStatus(s.status), request_uuid: requestUuid };
      return {
        status: WalletStatus.OK,
        request_uuid: requestUuid,
        user: s.username!,
        currency: LEDGER_CURRENCY,
        balance: Number(s.availableMicro),
      };
    },

    bet(provider: ProviderIdentity, req: BetRequest): Promise<WalletAnswer> {
      const placeBet = () =>
        call(provider, req, {
          kind: ProviderTxKind.BET,
          referenceUuid: null,
          tokenHash: sha256Hex(req.token),
          amountMicro: BigInt(req.amount),
          fingerprint: fingerprint(['bet', req.user, req.round, req.game_code, req.currency, req.amount]),
        });
      // The call is submitted at once, so calls keep the order they came in (the batcher's rule that a
      // round's calls run in order starts here); a stake cap is checked inside it (koi_bet_stake_cap).
      return placeBet().then((answer) => recheckedRefusal(provider, req, answer, placeBet));
    },

    win(provider: ProviderIdentity, req: WinRequest): Promise<WalletAnswer> {
      return call(provider, req, {
        kind: ProviderTxKind.WIN,
        referenceUuid: req.reference_transaction_uuid,
        tokenHash: null,
        amountMicro: BigInt(req.amount),
        fingerprint: fingerprint([
          'win',
          req.user,
          req.round,
          req.game_code,
          req.currency,
          req.amount,
          req.reference_transaction_uuid,
        ]),
      });
    },

    rollback(provider: ProviderIdentity, req: RollbackRequest): Promise<WalletAnswer> {
      return call(provider, req, {
        kind: ProviderTxKind.ROLLBACK,
        referenceUuid: req.reference_transaction_uuid,
        tokenHash: null,
        amountMicro: null,
        fingerprint: fingerprint([
          'rollback',
          req.user,
          req.round,
          req.game_code,
          req.reference_transaction_uuid,
        ]),
      });
    },
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
