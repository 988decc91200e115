import { createHash } from 'node:crypto';
import { TransferCode, SystemAccount } from '@koi/ledger';
import {
  WalletStatus,
  type BetRequest,
  type RollbackRequest,
  type WalletAnswer,
  type WinRequest,
} from '@koi/provider-protocol';
import type { Db, Tx } from '../../db/client';
import { PlayerStatus } from '../auth';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import type { RecordsService } from '../records';
import type { WalletService } from '../wallet/wallet.service';
import { createProvidersRepository, type ProviderTxRow } from './providers.repository';
import { ProviderAlertKind, ProviderTxKind } from './providers.schema';

export const WALLET_CURRENCY = 'USDT';

/**
 * What the seamless wallet needs from the ledger: a posted transfer inside the call's transaction (throws
 * AppError, e.g. INSUFFICIENT_BALANCE) and the player's spendable balance read through that transaction
 * (PGlite has one connection: reads inside a round must use its transaction).
 */
export type SeamlessLedger = Pick<WalletService, 'transferIn' | 'availableIn'>;

export interface ProviderIdentity {
  id: number;
  code: string;
}

/** What operators are shown about a refused call (a row in provider_alerts). */
interface AlertFact {
  kind: (typeof ProviderAlertKind)[keyof typeof ProviderAlertKind];
  playerId: number;
  amountMicro: bigint;
  limitMicro?: bigint;
}

/** A refusal that answers the provider with a status instead of moving money (and may alert operators). */
class Refusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly balanceMicro?: bigint,
    readonly alert?: AlertFact,
  ) {
    super(status);
  }
}

/** Bounds on what one provider round may pay, from the game's columns or the configured defaults. */
export interface WinBounds {
  maxWinMultiplier: number;
  maxWinPerRoundMicro: bigint;
}

/**
 * The live money of one round: the stake of its bets and the wins not rolled back, and which bets have a
 * win. Computed from the round's accepted calls under the round lock, so concurrent calls of the round
 * cannot both see the same totals.
 */
function roundMoney(
  rows: {
    kind: number;
    transactionUuid: string;
    referenceTransactionUuid: string | null;
    amountMicro: bigint;
  }[],
) {
  const rolledBack = new Set(
    rows.filter((r) => r.kind === ProviderTxKind.ROLLBACK).map((r) => r.referenceTransactionUuid),
  );
  const live = rows.filter((r) => r.kind !== ProviderTxKind.ROLLBACK && !rolledBack.has(r.transactionUuid));
  const sum = (kind: number) =>
    live.filter((r) => r.kind === kind).reduce((total, r) => total + r.amountMicro, 0n);
  return {
    stakeMicro: sum(ProviderTxKind.BET),
    winsMicro: sum(ProviderTxKind.WIN),
    hasWin: (betUuid: string) =>
      live.some((r) => r.kind === ProviderTxKind.WIN && r.referenceTransactionUuid === betUuid),
  };
}

function fingerprint(parts: (string | number | boolean | null | undefined)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const ledgerKey = (provider: ProviderIdentity, kind: string, uuid: string) =>
  `p${provider.id}:${kind}:${uuid}`;

/**
 * The seamless wallet (decision 15): providers debit and credit Koi's ledger through signed, idempotent
 * calls. Every call of one round runs in one database transaction under a per-round lock, which makes the
 * rules below hold under retries, duplicates and reordering:
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
 *   already placed still settle, since the provider must be able to finish its rounds.
 */
export function createSeamlessWallet(deps: {
  db: Db;
  ledger: SeamlessLedger;
  clock: Clock;
  /** The bet rounds' owner: each call's stake or win is added to its round in the call's transaction. */
  rounds: Pick<RecordsService, 'recordRound' | 'markRoundRolledBack'>;
  /** Win bounds for games that set none of their own (PROVIDER_MAX_WIN_MULTIPLIER, _PER_ROUND). */
  winBounds: WinBounds;
  /** Where refused calls are logged beside the alert row. */
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, ledger, clock, rounds, winBounds } = deps;
  // A game's rules change only when an operator edits them; remember them for a minute instead of asking on
  // every call (a tightened bound reaches every node within that minute).
  const RULES_MS = 60_000;
  const gameRules = new Map<
    string,
    { at: number; gameTypeId: number; multiWin: boolean; bounds: WinBounds }
  >();
  async function rulesOf(
    repo: ReturnType<typeof createProvidersRepository>,
    providerId: number,
    gameCode: string,
  ) {
    const key = `${providerId}:${gameCode}`;
    const hit = gameRules.get(key);
    if (hit && Date.now() - hit.at < RULES_MS) return hit;
    const row = await repo.gameRulesOf(providerId, gameCode);
    // A game the catalogue does not know is played under the defaults (category 5, one win per bet).
    const rules = {
      at: Date.now(),
      gameTypeId: row?.gameTypeId ?? 5,
      multiWin: row?.multiWin ?? false,
      bounds: {
        maxWinMultiplier: row?.maxWinMultiplier ?? winBounds.maxWinMultiplier,
        maxWinPerRoundMicro: row?.maxWinPerRoundMicro ?? winBounds.maxWinPerRoundMicro,
      },
    };
    if (gameRules.size >= 10_000) gameRules.clear();
    gameRules.set(key, rules);
    return rules;
  }

  async function answer(
    status: WalletStatus,
    requestUuid: string,
    user: string,
    balanceMicro: bigint | undefined,
  ): Promise<WalletAnswer> {
    return {
      status,
      request_uuid: requestUuid,
      user,
      currency: WALLET_CURRENCY,
      ...(balanceMicro !== undefined ? { balance: Number(balanceMicro) } : {}),
    };
  }

  /** The session behind a token, if it is live and its player may play. */
  async function liveSession(provider: ProviderIdentity, token: string, user?: string, conn: Db | Tx = db) {
    const session = await createProvidersRepository(conn).findSession(sha256Hex(token));
    if (!session || session.providerId !== provider.id) throw new Refusal(WalletStatus.INVALID_TOKEN);
    if (user !== undefined && session.username !== user) throw new Refusal(WalletStatus.INVALID_TOKEN);
    if (session.expiresAt.getTime() <= clock.now().getTime()) throw new Refusal(WalletStatus.TOKEN_EXPIRED);
    if (session.status === PlayerStatus.FROZEN) throw new Refusal(WalletStatus.USER_DISABLED);
    // Ended by sign-out, freeze or self-exclusion: no new bets on it, ever (wins and rollbacks do not ask).
    if (session.endedAt) throw new Refusal(WalletStatus.TOKEN_EXPIRED);
    return session;
  }

  /** Runs one round-scoped call; Refusals become answers, everything else propagates (HTTP 500). */
  async function inRound(
    provider: ProviderIdentity,
    req: { round: string; request_uuid: string; user: string; transaction_uuid: string; currency: string },
    work: (tx: Tx, repo: ReturnType<typeof createProvidersRepository>) => Promise<WalletAnswer>,
  ): Promise<WalletAnswer> {
    if (req.currency !== WALLET_CURRENCY)
      return answer(WalletStatus.WRONG_CURRENCY, req.request_uuid, req.user, undefined);
    try {
      return await db.transaction(async (tx) => {
        const repo = createProvidersRepository(tx);
        await repo.lockRound(provider.id, req.round);
        return work(tx, repo);
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.alert) {
        // Written after the round's transaction rolled back, so the alert stays although nothing else does.
        const { kind, playerId, amountMicro, limitMicro } = error.alert;
        await createProvidersRepository(db).insertAlert({
          providerId: provider.id,
          kind,
          playerId,
          roundId: req.round,
          gameCode: (req as { game_code?: string }).game_code ?? '',
          transactionUuid: req.transaction_uuid,
          amountMicro,
          limitMicro: limitMicro ?? null,
          createdAt: clock.now(),
        });
        deps.log?.warn(
          { provider: provider.code, kind, round: req.round, transaction: req.transaction_uuid },
          'provider call refused and reported to operators',
        );
      }
      return {
        ...(await answer(error.status, req.request_uuid, req.user, error.balanceMicro)),
        transaction_uuid: req.transaction_uuid,
      };
    }
  }

  /** The first answer again for a repeated transaction_uuid, or a duplicate refusal when details differ. */
  function replay(
    existing: ProviderTxRow,
    print: string,
    req: { request_uuid: string; user: string; transaction_uuid: string },
  ): WalletAnswer {
    if (existing.fingerprint !== print) throw new Refusal(WalletStatus.DUPLICATE_TRANSACTION);
    return {
      status: WalletStatus.OK,
      request_uuid: req.request_uuid,
      user: req.user,
      currency: WALLET_CURRENCY,
      balance: Number(existing.balanceAfterMicro),
      transaction_uuid: req.transaction_uuid,
    };
  }

  /** Moves money; a refused transfer becomes the provider's refusal status. */
  async function move(tx: Tx, playerId: number, run: (tx: Tx) => Promise<bigint>): Promise<bigint> {
    // The ledger answers a refusal (insufficient balance) as a result row, not an SQL error, so the round's
    // transaction stays usable to read the balance for the answer; a refusal then rolls the round back whole.
    try {
      return await run(tx);
    } catch (error) {
      if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') {
        throw new Refusal(WalletStatus.NOT_ENOUGH_MONEY, await ledger.availableIn(tx, playerId));
      }
      if (error instanceof AppError && error.key === 'AMOUNT_INVALID')
        throw new Refusal(WalletStatus.WRONG_TYPES);
      throw error;
    }
  }

  /**
   * Moves a bet's stake to the house or a win to the player, records the provider transaction and the
   * round, and answers. The round is written first and the money last, so the ledger's row locks are held
   * for as short a time as possible before the commit.
   */
  async function applyMoney(
    tx: Tx,
    repo: ReturnType<typeof createProvidersRepository>,
    provider: ProviderIdentity,
    req: BetRequest | WinRequest,
    move_: { kind: 'bet' | 'win'; playerId: number; print: string; referenceTransactionUuid?: string },
  ): Promise<WalletAnswer> {
    const { kind, playerId } = move_;
    const amountMicro = BigInt(req.amount);
    const key = ledgerKey(provider, kind, req.transaction_uuid);
    const now = clock.now();
    await rounds.recordRound(tx, {
      providerId: provider.id,
      roundId: req.round,
      playerId,
      gameCode: req.game_code,
      gameTypeId: (await rulesOf(repo, provider.id, req.game_code)).gameTypeId,
      stakeDeltaMicro: kind === 'bet' ? amountMicro : 0n,
      payoutDeltaMicro: kind === 'win' ? amountMicro : 0n,
      close: req.round_closed,
      now,
    });
    const player = { player: playerId };
    const house = { system: SystemAccount.HOUSE };
    const balanceAfter =
      amountMicro > 0n
        ? await move(tx, playerId, async (sp) => {
            const result = await ledger.transferIn(sp, {
              key,
              debit: kind === 'bet' ? player : house,
              credit: kind === 'bet' ? house : player,
              amountMicro,
              code: kind === 'bet' ? TransferCode.BET : TransferCode.WIN,
              reference: { type: 'round', id: `${provider.id}:${req.round}` },
            });
            return kind === 'bet' ? result.debitBalanceAfterMicro : result.creditBalanceAfterMicro;
          })
        : await ledger.availableIn(tx, playerId);
    await repo.insertTransaction({
      providerId: provider.id,
      transactionUuid: req.transaction_uuid,
      requestUuid: req.request_uuid,
      kind: kind === 'bet' ? ProviderTxKind.BET : ProviderTxKind.WIN,
      playerId,
      roundId: req.round,
      gameCode: req.game_code,
      amountMicro,
      referenceTransactionUuid: move_.referenceTransactionUuid ?? null,
      fingerprint: move_.print,
      balanceAfterMicro: balanceAfter,
      ledgerKey: amountMicro > 0n ? key : null,
      createdAt: now,
    });
    return {
      ...(await answer(WalletStatus.OK, req.request_uuid, req.user, balanceAfter)),
      transaction_uuid: req.transaction_uuid,
    };
  }

  return {
    async userInfo(provider: ProviderIdentity, token: string) {
      try {
        const session = await liveSession(provider, token);
        return {
          status: WalletStatus.OK,
          user: session.username,
          currency: WALLET_CURRENCY,
          balance: Number(await ledger.availableIn(db, session.playerId)),
          game_code: session.gameCode,
        };
      } catch (error) {
        if (error instanceof Refusal) return { status: error.status };
        throw error;
      }
    },

    async balance(
      provider: ProviderIdentity,
      requestUuid: string,
      token: string,
      user?: string,
    ): Promise<WalletAnswer> {
      try {
        const session = await liveSession(provider, token, user);
        return answer(
          WalletStatus.OK,
          requestUuid,
          session.username,
          await ledger.availableIn(db, session.playerId),
        );
      } catch (error) {
        if (error instanceof Refusal) return { status: error.status, request_uuid: requestUuid };
        throw error;
      }
    },

    bet(provider: ProviderIdentity, req: BetRequest): Promise<WalletAnswer> {
      const print = fingerprint(['bet', req.user, req.round, req.game_code, req.currency, req.amount]);
      return inRound(provider, req, async (tx, repo) => {
        const found = await repo.findWithReference(provider.id, req.transaction_uuid, req.transaction_uuid);
        if (found.own) return replay(found.own, print, req);
        if (found.betRolledBack) throw new Refusal(WalletStatus.TRANSACTION_ROLLED_BACK);
        const session = await liveSession(provider, req.token, req.user, tx);
        if (session.selfExcludedUntil && session.selfExcludedUntil.getTime() > clock.now().getTime()) {
          throw new Refusal(WalletStatus.USER_DISABLED);
        }
        return applyMoney(tx, repo, provider, req, { kind: 'bet', playerId: session.playerId, print });
      });
    },

    win(provider: ProviderIdentity, req: WinRequest): Promise<WalletAnswer> {
      const print = fingerprint([
        'win',
        req.user,
        req.round,
        req.game_code,
        req.currency,
        req.amount,
        req.reference_transaction_uuid,
      ]);
      return inRound(provider, req, async (tx, repo) => {
        const found = await repo.findWithReference(
          provider.id,
          req.transaction_uuid,
          req.reference_transaction_uuid,
        );
        if (found.own) return replay(found.own, print, req);
        const bet = found.bet;
        if (
          !bet ||
          bet.kind !== ProviderTxKind.BET ||
          found.betUsername !== req.user ||
          bet.roundId !== req.round
        ) {
          throw new Refusal(WalletStatus.TRANSACTION_DOES_NOT_EXIST);
        }
        if (found.betRolledBack) throw new Refusal(WalletStatus.TRANSACTION_ROLLED_BACK);

        // A provider is trusted with the outcome, not with unbounded money: one win per bet unless the game
        // pays several, and a round's wins within the game's multiple of its stake and its maximum win.
        const rules = await rulesOf(repo, provider.id, bet.gameCode);
        const round = roundMoney(await repo.roundTransactions(provider.id, req.round));
        const amountMicro = BigInt(req.amount);
        if (!rules.multiWin && round.hasWin(bet.transactionUuid)) {
          throw new Refusal(WalletStatus.DUPLICATE_TRANSACTION, undefined, {
            kind: ProviderAlertKind.SECOND_WIN,
            playerId: bet.playerId,
            amountMicro,
          });
        }
        const byMultiple = round.stakeMicro * BigInt(rules.bounds.maxWinMultiplier);
        const limitMicro =
          byMultiple < rules.bounds.maxWinPerRoundMicro ? byMultiple : rules.bounds.maxWinPerRoundMicro;
        if (round.winsMicro + amountMicro > limitMicro) {
          throw new Refusal(WalletStatus.LIMIT_REACHED, undefined, {
            kind: ProviderAlertKind.WIN_OVER_LIMIT,
            playerId: bet.playerId,
            amountMicro,
            limitMicro,
          });
        }

        return applyMoney(tx, repo, provider, req, {
          kind: 'win',
          playerId: bet.playerId,
          print,
          referenceTransactionUuid: req.reference_transaction_uuid,
        });
      });
    },

    rollback(provider: ProviderIdentity, req: RollbackRequest): Promise<WalletAnswer> {
      const print = fingerprint([
        'rollback',
        req.user,
        req.round,
        req.game_code,
        req.reference_transaction_uuid,
      ]);
      return inRound(provider, req, async (tx, repo) => {
        const found = await repo.findWithReference(
          provider.id,
          req.transaction_uuid,
          req.reference_transaction_uuid,
        );
        if (found.own) return replay(found.own, print, req);
        // No token check: a rollback is how a provider undoes a bet it could not finish, which may well be
        // after the player's session ended. The player is the one the bet (or the request) names.
        const player = await repo.findPlayerByUsername(req.user);
        if (!player) throw new Refusal(WalletStatus.INVALID_TOKEN);
        // The named transaction is a bet (refund its stake) or a win (take the win back).
        const bet = found.bet;
        if (
          bet &&
          (bet.kind === ProviderTxKind.ROLLBACK || bet.playerId !== player.id || bet.roundId !== req.round)
        ) {
          throw new Refusal(WalletStatus.TRANSACTION_DOES_NOT_EXIST);
        }
        // Refunding the stake of a round that paid a win would let the player keep both: the win must be
        // rolled back first.
        if (bet && bet.kind === ProviderTxKind.BET && !found.betRolledBack) {
          const round = roundMoney(await repo.roundTransactions(provider.id, req.round));
          if (round.winsMicro > 0n) {
            throw new Refusal(WalletStatus.UNKNOWN, undefined, {
              kind: ProviderAlertKind.ROLLBACK_AFTER_WIN,
              playerId: player.id,
              amountMicro: bet.amountMicro,
            });
          }
        }
        const now = clock.now();
        const record = (amountMicro: bigint, balanceAfterMicro: bigint, key: string | null) =>
          repo.insertTransaction({
            providerId: provider.id,
            transactionUuid: req.transaction_uuid,
            requestUuid: req.request_uuid,
            kind: ProviderTxKind.ROLLBACK,
            playerId: player.id,
            roundId: req.round,
            gameCode: req.game_code,
            amountMicro,
            referenceTransactionUuid: req.reference_transaction_uuid,
            fingerprint: print,
            balanceAfterMicro,
            ledgerKey: key,
            createdAt: now,
          });

        if (!bet || found.betRolledBack) {
          // Before its bet (remembered, so the late bet is refused) or already reversed by another rollback:
          // accepted, and no money moves.
          const balance = await ledger.availableIn(tx, player.id);
          await record(0n, balance, null);
          return {
            ...(await answer(WalletStatus.OK, req.request_uuid, req.user, balance)),
            transaction_uuid: req.transaction_uuid,
          };
        }
        const key = ledgerKey(provider, 'rollback', req.transaction_uuid);
        const isWin = bet.kind === ProviderTxKind.WIN;
        const player_ = { player: player.id };
        const house = { system: SystemAccount.HOUSE };
        // A bet's rollback refunds the stake; a win's takes the win back (refused, like a bet, when the
        // player no longer has it: the provider retries once the balance allows).
        const balanceAfter =
          bet.amountMicro > 0n
            ? await move(tx, player.id, async (sp) => {
                const result = await ledger.transferIn(sp, {
                  key,
                  debit: isWin ? player_ : house,
                  credit: isWin ? house : player_,
                  amountMicro: bet.amountMicro,
                  code: TransferCode.ROLLBACK,
                  reference: { type: 'round', id: `${provider.id}:${bet.roundId}` },
                });
                return isWin ? result.debitBalanceAfterMicro : result.creditBalanceAfterMicro;
              })
            : await ledger.availableIn(tx, player.id);
        await record(bet.amountMicro, balanceAfter, bet.amountMicro > 0n ? key : null);
        if (isWin) {
          await rounds.recordRound(tx, {
            providerId: provider.id,
            roundId: bet.roundId,
            playerId: player.id,
            gameCode: bet.gameCode,
            gameTypeId: (await rulesOf(repo, provider.id, bet.gameCode)).gameTypeId,
            stakeDeltaMicro: 0n,
            payoutDeltaMicro: -bet.amountMicro,
            close: false,
            now,
          });
        } else {
          await rounds.markRoundRolledBack(tx, {
            providerId: provider.id,
            roundId: bet.roundId,
            playerId: player.id,
            stakeMicro: bet.amountMicro,
            now,
          });
        }
        return {
          ...(await answer(WalletStatus.OK, req.request_uuid, req.user, balanceAfter)),
          transaction_uuid: req.transaction_uuid,
        };
      });
    },
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
