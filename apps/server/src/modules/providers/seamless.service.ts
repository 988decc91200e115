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
import { ProviderTxKind } from './providers.schema';

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

/** A refusal that answers the provider with a status instead of moving money. */
class Refusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly balanceMicro?: bigint,
  ) {
    super(status);
  }
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
 * - a player's balance never goes below zero (the ledger's conditional debit).
 */
export function createSeamlessWallet(deps: {
  db: Db;
  ledger: SeamlessLedger;
  clock: Clock;
  /** The bet rounds' owner: each call's stake or win is added to its round in the call's transaction. */
  rounds: Pick<RecordsService, 'recordRound' | 'markRoundRolledBack'>;
}) {
  const { db, ledger, clock, rounds } = deps;
  // A game's category never changes while it is being played; remember it instead of asking on every call.
  const gameTypes = new Map<string, number>();
  async function gameTypeOf(
    repo: ReturnType<typeof createProvidersRepository>,
    providerId: number,
    gameCode: string,
  ) {
    const key = `${providerId}:${gameCode}`;
    let type = gameTypes.get(key);
    if (type === undefined) {
      type = (await repo.gameTypeOf(providerId, gameCode)) ?? 5;
      if (gameTypes.size < 10_000) gameTypes.set(key, type);
    }
    return type;
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
      if (error instanceof Refusal)
        return {
          ...(await answer(error.status, req.request_uuid, req.user, error.balanceMicro)),
          transaction_uuid: req.transaction_uuid,
        };
      throw error;
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
      gameTypeId: await gameTypeOf(repo, provider.id, req.game_code),
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
        const bet = found.bet;
        if (
          bet &&
          (bet.kind !== ProviderTxKind.BET || bet.playerId !== player.id || bet.roundId !== req.round)
        ) {
          throw new Refusal(WalletStatus.TRANSACTION_DOES_NOT_EXIST);
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
        const balanceAfter =
          bet.amountMicro > 0n
            ? await move(
                tx,
                player.id,
                async (sp) =>
                  (
                    await ledger.transferIn(sp, {
                      key,
                      debit: { system: SystemAccount.HOUSE },
                      credit: { player: player.id },
                      amountMicro: bet.amountMicro,
                      code: TransferCode.ROLLBACK,
                      reference: { type: 'round', id: `${provider.id}:${bet.roundId}` },
                    })
                  ).creditBalanceAfterMicro,
              )
            : await ledger.availableIn(tx, player.id);
        await record(bet.amountMicro, balanceAfter, bet.amountMicro > 0n ? key : null);
        await rounds.markRoundRolledBack(tx, {
          providerId: provider.id,
          roundId: bet.roundId,
          playerId: player.id,
          stakeMicro: bet.amountMicro,
          now,
        });
        return {
          ...(await answer(WalletStatus.OK, req.request_uuid, req.user, balanceAfter)),
          transaction_uuid: req.transaction_uuid,
        };
      });
    },
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
