import { createHash, randomBytes } from 'node:crypto';
import {
  checkClientSeed,
  checkParams,
  FAIR_PROBLEM_TEXT,
  formatRational,
  hashServerSeed,
  settle,
  type GameName,
  type OutcomeOf,
} from '@koi/fair';
import { GameProvider, type LocalizedText } from '@koi/contract';
import { newServerSeed } from '@koi/fair/node';
import { BALANCE_DISPLAY_DECIMALS, formatMicro, parseAmount, SystemAccount, TransferCode } from '@koi/ledger';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { PlayerGate } from '../auth';
import { assertPlayable, type GamesService } from '../games';
import type { WalletService } from '../wallet/wallet.service';
import { fairnessKey, winChanceOf, type BetsService } from '../bets';
import { createOriginalsRepository, type OriginalBetRow, type SeedRow } from './originals.repository';

/** What a bet needs from the ledger: a transfer in the bet's transaction and the balance read through it. */
export type OriginalsLedger = Pick<WalletService, 'transferIn' | 'availableIn'>;

export interface OriginalBetInput {
  amount: string;
  idempotencyKey: string;
  target?: string;
  direction?: 'over' | 'under';
  mines?: number;
  picks?: number[];
}

/**
 * The fair package words its reasons "中文 (English)"; the message takes the part in the request's language.
 */
const reasonOf = (problem: keyof typeof FAIR_PROBLEM_TEXT): LocalizedText => {
  const text = FAIR_PROBLEM_TEXT[problem];
  const at = text.lastIndexOf(' (');
  return at < 0 ? { zh: text, en: text } : { zh: text.slice(0, at), en: text.slice(at + 2, -1) };
};

/** Only the parameters a game uses may be sent, so a mistaken request is refused rather than half-read. */
function paramsFor(game: GameName, input: OriginalBetInput): unknown {
  const sent = (['target', 'direction', 'mines', 'picks'] as const).filter((k) => input[k] !== undefined);
  const allowed = { dice: ['target', 'direction'], limbo: ['target'], mines: ['mines', 'picks'] }[game];
  const extra = sent.find((k) => !allowed.includes(k));
  if (extra)
    throw new AppError('ORIGINAL_PARAMS_INVALID', {
      reason: { zh: `${game} 不使用参数 ${extra}`, en: `${game} takes no parameter ${extra}` },
    });
  if (game === 'mines') return { mines: input.mines, picks: input.picks };
  if (game === 'dice') return { target: input.target, direction: input.direction };
  return { target: input.target };
}

export type Seed = SeedRow;

/** A settled bet as the service reports it: the stored row, its outcome typed, and the seed pair it used. */
export type OriginalBet = Omit<OriginalBetRow, 'game' | 'outcome'> & {
  game: GameName;
  outcome: OutcomeOf[GameName];
  seed: Pick<SeedRow, 'serverSeedHash' | 'clientSeed'>;
};

const toBet = (row: OriginalBetRow, seed: Pick<SeedRow, 'serverSeedHash' | 'clientSeed'>): OriginalBet => ({
  ...row,
  game: row.game as GameName,
  outcome: row.outcome as OutcomeOf[GameName],
  seed: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed },
});

/** What proves one settled bet: its game, inputs and outcome, and the seed pair and nonce that drew it. */
export interface BetProof {
  game: GameName;
  params: Record<string, unknown>;
  outcome: OutcomeOf[GameName];
  multiplier: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Secret while its pair is in use; rotating the pair reveals it. */
  serverSeed: string | null;
}

/** A bet's name in `proofsOf`'s answer: its seed pair and nonce. */
export const proofKey = fairnessKey;

const randomClientSeed = () => randomBytes(8).toString('hex');

/**
 * Koi's own provably fair games (decision 16). Each bet takes the next nonce of the player's active seed
 * pair, settles with @koi/fair, and moves the stake and the payout through the ledger in one database
 * transaction, so a bet either happened completely (nonce used, money moved, round recorded) or not at all.
 * The player's seed lock is held for the bet and for a rotation, so a player's bets are numbered without gaps
 * or repeats and a rotation waits for the bets in flight (and they for it) instead of failing.
 */
export function createOriginalsService(deps: {
  db: Db;
  ledger: OriginalsLedger;
  games: Pick<GamesService, 'findGame'>;
  gate: Pick<PlayerGate, 'assertMayPlay'>;
  /** The bet rounds' owner: each bet's round is written, closed, in the bet's transaction. */
  rounds: Pick<BetsService, 'recordSettledRound' | 'settled' | 'guardStake'>;
  clock: Clock;
  houseEdgeBp: number;
  maxPayoutMicro: bigint;
}) {
  const { db, ledger, clock } = deps;
  const repo = createOriginalsRepository(db);

  /** With `lock` (inside a transaction), the player's seed lock is held from here until the transaction ends. */
  async function ensureSeed(conn: Db | Tx, playerId: number, lock = false): Promise<SeedRow> {
    const r = createOriginalsRepository(conn);
    if (lock) await r.lockPlayerSeeds(playerId);
    const existing = await r.activeSeed(playerId, { lock });
    if (existing) return existing;
    const serverSeed = newServerSeed();
    await r.insertSeed({
      playerId,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: randomClientSeed(),
      createdAt: clock.now(),
    });
    return (await r.activeSeed(playerId, { lock }))!;
  }

  return {
    /**
     * The proofs of the player's bets named by seed pair and nonce (the bet records show them beside each
     * round), by `proofKey`; a pair that names no bet of this player is absent.
     */
    async proofsOf(
      playerId: number,
      refs: { seedId: number; nonce: number }[],
    ): Promise<Map<string, BetProof>> {
      const wanted = new Set(refs.map((r) => proofKey(r.seedId, r.nonce)));
      const proofs = new Map<string, BetProof>();
      for (const { bet, seed } of await repo.betsWithSeeds(playerId, refs)) {
        const key = proofKey(bet.seedId, bet.nonce);
        if (!wanted.has(key)) continue;
        proofs.set(key, {
          game: bet.game as GameName,
          params: (bet.params ?? {}) as Record<string, unknown>,
          outcome: bet.outcome as OutcomeOf[GameName],
          multiplier: bet.multiplierText,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          nonce: bet.nonce,
          serverSeed: seed.active ? null : seed.serverSeed,
        });
      }
      return proofs;
    },

    /** The player's active seed pair (created on first use); `nextNonce` is the next bet's number. */
    async seeds(playerId: number): Promise<Seed> {
      return ensureSeed(db, playerId);
    },

    /** Reveals the active server seed (so its bets can be verified) and starts a new pair at nonce 0. */
    async rotate(playerId: number, clientSeed: string): Promise<{ previous: Seed; current: Seed }> {
      const next = clientSeed || randomClientSeed();
      const checked = checkClientSeed(next);
      if (!checked.ok) throw new AppError('ORIGINAL_PARAMS_INVALID', { reason: reasonOf(checked.problem) });
      return db.transaction(async (tx) => {
        const r = createOriginalsRepository(tx);
        const previous = await ensureSeed(tx, playerId, true);
        await r.retireSeed(previous.id, clock.now());
        const serverSeed = newServerSeed();
        await r.insertSeed({
          playerId,
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          clientSeed: checked.value,
          createdAt: clock.now(),
        });
        return { previous, current: (await r.activeSeed(playerId))! };
      });
    },

    async bet(playerId: number, game: GameName, input: OriginalBetInput): Promise<OriginalBet> {
      // A bet is shown and settled to the balance's 4 decimals; more is refused with a message saying so.
      const amount = parseAmount(input.amount, { decimals: BALANCE_DISPLAY_DECIMALS });
      if (!amount.ok) throw new AppError('AMOUNT_INVALID', { reason: amount.text });
      const rawParams = paramsFor(game, input);
      const params = checkParams(game, rawParams);
      if (!params.ok) throw new AppError('ORIGINAL_PARAMS_INVALID', { reason: reasonOf(params.problem) });

      const catalogue = await deps.games.findGame(GameProvider.KOI, game);
      assertPlayable(catalogue);
      if (amount.micro < catalogue.minBetMicro || amount.micro > catalogue.maxBetMicro) {
        throw new AppError('BET_AMOUNT_OUT_OF_RANGE', {
          min: formatMicro(catalogue.minBetMicro).replace(/\.?0+$/, ''),
          max: formatMicro(catalogue.maxBetMicro).replace(/\.?0+$/, ''),
        });
      }
      await deps.gate.assertMayPlay(playerId);
      // Checks of modules above (the largest bet while a bonus's turnover is open) before anything is taken.
      await deps.rounds.guardStake(playerId, amount.micro);

      const fingerprint = createHash('sha256')
        .update(JSON.stringify([game, amount.micro.toString(), params.value]))
        .digest('hex');
      const replay = async () => {
        const existing = await repo.findBetByKey(playerId, input.idempotencyKey);
        if (!existing) return null;
        if (existing.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
        const seed = await repo.seedById(playerId, existing.seedId);
        return toBet(existing, seed!);
      };
      const earlier = await replay();
      if (earlier) return earlier;

      try {
        const placed = await db.transaction(async (tx) => {
          const r = createOriginalsRepository(tx);
          const seed = await ensureSeed(tx, playerId, true);
          // The seed lock serialises this player's bets, so this second look cannot miss a bet with the same
          // key that committed while we waited for the lock.
          const committed = await r.findBetByKey(playerId, input.idempotencyKey);
          if (committed) {
            if (committed.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
            return { bet: toBet(committed, (await r.seedById(playerId, committed.seedId))!), roundId: null };
          }
          const nonce = await r.takeNonce(seed.id);
          const settlement = settle(
            game,
            rawParams as never,
            amount.micro,
            { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce },
            {
              houseEdgeBp: deps.houseEdgeBp,
              maxPayoutMicro: deps.maxPayoutMicro,
            },
          );
          const roundId = `${seed.id}:${nonce}`;
          const reference = { type: 'original', id: roundId };
          // The caller's key may be as long as the ledger's whole key column (128), so it enters the ledger
          // key as its SHA-256, never by concatenation: the result is always 70 characters, and two keys that
          // only differ beyond some length stay two keys.
          const keyBase = `o:${playerId}:${sha256Hex(input.idempotencyKey)}`;
          await ledger.transferIn(tx, {
            key: `${keyBase}:bet`,
            debit: { player: playerId },
            credit: { system: SystemAccount.HOUSE },
            amountMicro: amount.micro,
            code: TransferCode.BET,
            reference,
          });
          if (settlement.payoutMicro > 0n) {
            await ledger.transferIn(tx, {
              key: `${keyBase}:win`,
              debit: { system: SystemAccount.HOUSE },
              credit: { player: playerId },
              amountMicro: settlement.payoutMicro,
              code: TransferCode.WIN,
              reference,
            });
          }
          const now = clock.now();
          const row = await r.insertBet({
            playerId,
            idempotencyKey: input.idempotencyKey,
            fingerprint,
            game,
            seedId: seed.id,
            nonce,
            params: settlement.params,
            outcome: settlement.outcome,
            win: settlement.win,
            multiplierText: settlement.multiplierText ?? formatRational(settlement.multiplier),
            amountMicro: amount.micro,
            payoutMicro: settlement.payoutMicro,
            houseEdgeBp: settlement.houseEdgeBp,
            balanceAfterMicro: await ledger.availableIn(tx, playerId),
            createdAt: now,
          });
          await deps.rounds.recordSettledRound(tx, {
            providerId: GameProvider.KOI,
            roundId,
            playerId,
            gameCode: game,
            gameTypeId: catalogue.gameTypeId,
            stakeMicro: amount.micro,
            payoutMicro: settlement.payoutMicro,
            openedAt: now,
            settledAt: now,
            fair: { seedId: seed.id, nonce },
            // Whether the bet is a valid bet is the bets module's rule; the chance is this game's fact.
            winChance: winChanceOf(settlement.multiplier, settlement.houseEdgeBp),
          });
          return { bet: toBet(row, seed), roundId };
        });
        // After the commit, so a subscriber that reads the feed finds the round; a replayed bet announces nothing.
        if (placed.roundId)
          deps.rounds.settled([{ playerId, providerId: GameProvider.KOI, roundId: placed.roundId }]);
        return placed.bet;
      } catch (error) {
        // The same key raced in twice: the other request recorded the bet; answer with it.
        if (pgErrorCode(error) === UNIQUE_VIOLATION) {
          const raced = await replay();
          if (raced) return raced;
        }
        throw error;
      }
    },
  };
}

export type OriginalsService = ReturnType<typeof createOriginalsService>;
