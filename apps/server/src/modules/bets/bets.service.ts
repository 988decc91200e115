import { GameProvider, type BetDetailRow, type Locale } from '@koi/contract';
import type { Clock } from '../../lib/clock';
import { pageWindow } from '../../lib/paging';
import { timeRangeBounds, type TimeRange } from '../../lib/time-range';
import type { DbOrTx } from '../../db/client';
import {
  createBetsRepository,
  type BetsRepository,
  type FeedDimension,
  type SettledRound,
} from './bets.repository';
import { isValidBet, type Chance } from './valid-bets';
import { gameKey, type GamesService } from '../games';

/** What the records read from the games module: provider, game and category names. */
export type BetsCatalogue = Pick<GamesService, 'namesOf' | 'categoryNames'>;
/** An original's fairness data as the bet detail shows it (the originals module words it). */
export type RoundFairness = NonNullable<BetDetailRow['fairness']>;
/** A bet's name in a fairness source's answer: its seed pair and nonce. */
export const fairnessKey = (seedId: number, nonce: number) => `${seedId}:${nonce}`;
/**
 * Where an original's fairness data comes from. The originals module sits above this one (it records its rounds
 * here), so it registers itself as the source when it is built (`provideFairness`); until then, and for
 * providers' rounds, a bet has none.
 */
export interface FairnessSource {
  /** The player's bets among `refs`, by `fairnessKey`; a pair that names no bet of this player is absent. */
  proofsOf(playerId: number, refs: { seedId: number; nonce: number }[]): Promise<Map<string, RoundFairness>>;
}

/** A round that settled or was rolled back, as `bet.settled` announces it (events/domain.ts). */
export interface RoundSettled {
  playerId: number;
  providerId: number;
  roundId: string;
}

/**
 * Bet records and win/loss reports (spec §7), from the rounds of every provider and original. The rounds are
 * this module's; the names beside them and an original's proof are asked of their owners for the page shown.
 */
export function createBetsService(deps: {
  repo: BetsRepository;
  clock: Clock;
  catalogue: BetsCatalogue;
  /** The near-certain threshold of valid-bets.ts, in basis points of a percent (config.bets). */
  validBetMaxWinChanceBp: number;
  /** Told of each settled or rolled-back round after its transaction committed (the `bet.settled` event). */
  onSettled?: (round: RoundSettled) => void;
}) {
  const { repo, clock, catalogue, validBetMaxWinChanceBp, onSettled } = deps;
  let proofs: FairnessSource = { proofsOf: async () => new Map() };
  const stakeGuards: StakeGuard[] = [];
  return {
    /** Registers a stake check (see StakeGuard); checks run in the order they were added. */
    addStakeGuard(guard: StakeGuard) {
      stakeGuards.push(guard);
    },

    /**
     * Sets or removes (null) a cap on the player's single stake, inside the caller's transaction `tx`, so the
     * cap changes together with its reason. The provider wallet's SQL refuses a bet above the smallest cap
     * (koi_bet_stake_cap) in the statement that would debit it; the guards below decide the rest.
     */
    setStakeCap: (tx: DbOrTx, playerId: number, source: string, capMicro: bigint | null) =>
      createBetsRepository(tx).setStakeCap(playerId, source, capMicro),

    /** Runs every stake check for a bet about to be taken (originals, seamless and transfer-wallet paths). */
    async guardStake(playerId: number, stakeMicro: bigint, path: StakePath = 'bet'): Promise<void> {
      for (const guard of stakeGuards) await guard(playerId, stakeMicro, path);
    },

    /**
     * The player's net result (payouts minus stakes) of rounds settled in [from, to], rolled-back rounds left
     * out (promotions: what bonus play won, for the largest convertible win of decision 36).
     */
    netResultBetween: (playerId: number, from: Date, to: Date) => repo.netResultBetween(playerId, from, to),

    /** The best valid settled round in [from, to) at a stake ≤ maxStake (promotions' multiplier rules). */
    bestHit: (playerId: number, from: Date, to: Date, categories: readonly number[], maxStakeMicro: bigint) =>
      repo.bestHit(playerId, { from, to }, categories, maxStakeMicro),

    /** Called once by the originals module when it is built (see FairnessSource). */
    provideFairness(source: FairnessSource) {
      proofs = source;
    },

    /**
     * Records a round that arrives settled (an original's bet, a pulled transfer-wallet round) inside the
     * caller's transaction, once: a repeat of the same provider, round and player records and counts nothing,
     * and answers false. `winChance` (originals only) decides whether it is a valid bet (valid-bets.ts).
     */
    recordSettledRound: (conn: DbOrTx, round: SettledRound & { winChance?: Chance }) => {
      const { winChance, ...rest } = round;
      return createBetsRepository(conn).recordSettledRound({
        ...rest,
        valid: isValidBet(winChance, validBetMaxWinChanceBp),
      });
    },

    /**
     * Announces rounds that settled or were rolled back; the writer calls it after its transaction committed,
     * so a subscriber that reads the feed finds them there.
     */
    settled(rounds: readonly RoundSettled[]) {
      if (!onSettled) return;
      for (const round of rounds) onSettled(round);
    },

    /**
     * The player's valid bets (valid-bets.ts) on the UTC+8 report days [fromDay, toDay], both included
     * (YYYY-MM-DD), grouped by `by` (an empty list: one total row). Stakes are as bet: a reader that weights
     * categories applies its weight to the category rows.
     */
    validBets: (playerId: number, fromDay: string, toDay: string, by: readonly FeedDimension[] = []) =>
      repo.validBets(playerId, fromDay, toDay, by),

    /** Valid bets of each of the players (a team, a tournament's entrants) on the days [fromDay, toDay]. */
    validBetsOfPlayers: (playerIds: readonly number[], fromDay: string, toDay: string) =>
      repo.validBetsOfPlayers(playerIds, fromDay, toDay),

    /** The feed of the listed players per player, day and category on the days [fromDay, toDay] (agents' team sums). */
    feedOfPlayers: (playerIds: readonly number[], fromDay: string, toDay: string) =>
      repo.feedOfPlayers(playerIds, fromDay, toDay),

    /** The settled valid rounds of the listed players that first settled on `day` (statements recompute from them). */
    validRoundsOfDay: (playerIds: readonly number[], day: string) => repo.validRoundsOfDay(playerIds, day),

    /** The player's counted rounds per game in the range (a page of games) and their summary. */
    async betRecords(
      playerId: number,
      q: { range: TimeRange; gameType?: number; page: number; size: number; locale?: Locale },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      const gameType = q.gameType || undefined;
      const [games, summary] = await Promise.all([
        repo.perGame(playerId, w, gameType, pageWindow(q)),
        repo.summary(playerId, w, gameType),
      ]);
      const names = await catalogue.namesOf(games.rows, q.locale);
      const rows = games.rows.map((g) => ({
        ...g,
        providerName: names.providers.get(g.providerId) ?? String(g.providerId),
        gameName: names.games.get(gameKey(g.providerId, g.gameCode)) ?? null,
      }));
      return { rows, total: games.total, summary };
    },

    /** The rounds of one game in the range, newest first; an original's round carries its fairness data. */
    async betDetail(
      playerId: number,
      q: {
        providerId: number;
        gameCode: string;
        range: TimeRange;
        page: number;
        size: number;
        locale?: Locale;
      },
    ) {
      const w = timeRangeBounds(q.range, clock.now());
      const page = await repo.rounds(playerId, q.providerId, q.gameCode, w, pageWindow(q));
      const refs =
        q.providerId === GameProvider.KOI ? page.rows.flatMap((r) => (r.fair ? [r.fair] : [])) : [];
      const [names, proved] = await Promise.all([
        catalogue.namesOf(
          page.rows.length ? [{ providerId: q.providerId, gameCode: q.gameCode }] : [],
          q.locale,
        ),
        proofs.proofsOf(playerId, refs),
      ]);
      const gameName = names.games.get(gameKey(q.providerId, q.gameCode)) ?? null;
      const rows = page.rows.map(({ fair, ...round }) => ({
        ...round,
        gameName,
        // An original's bet and seed pair, when the round is one and the bet is the player's own.
        fairness: (fair && refs.length && proved.get(fairnessKey(fair.seedId, fair.nonce))) || null,
      }));
      return { rows, total: page.total };
    },

    /** Counted rounds per day (UTC+8) and category in the range, with their sum. */
    async winLoss(playerId: number, q: { range: TimeRange }) {
      const [days, names] = await Promise.all([
        repo.perDayAndCategory(playerId, timeRangeBounds(q.range, clock.now())),
        catalogue.categoryNames(),
      ]);
      const rows = days.map((d) => ({ ...d, categoryName: names.get(d.gameTypeId) ?? String(d.gameTypeId) }));
      const total = { betCount: 0, stakeMicro: 0n, payoutMicro: 0n };
      for (const r of rows) {
        total.betCount += r.betCount;
        total.stakeMicro += r.stakeMicro;
        total.payoutMicro += r.payoutMicro;
      }
      return { rows, total };
    },

    /**
     * Totals of the player's rounds opened in [from, to): the security centre's reality check shows them as
     * the result of the current session.
     */
    totalsBetween: (playerId: number, from: Date, to: Date) =>
      repo.summary(playerId, { from, to }, undefined),

    /**
     * Settled valid bets (valid-bets.ts) between boundaries (see the repository); turnover reads it, so a
     * near-certain original counts toward turnover no more than toward rebates.
     */
    settledStakeBySegments: (playerId: number, boundaries: Date[]) =>
      repo.settledStakeBySegments(playerId, boundaries),
  };
}

/**
 * Where a stake is about to be taken: a bet (an original, or a seamless provider's debit), or money moved into
 * a transfer-wallet provider, where every bet happens out of Koi's sight, so the move is the last moment Koi
 * can check the stake that money will become.
 */
export type StakePath = 'bet' | 'transfer_in';

/**
 * A check of a stake before it is taken, registered by a module above this one (promotions: the largest bet
 * while a bonus's turnover is open, decision 36). It throws the refusal (an AppError whose message tells the
 * player why); every bet path calls `guardStake`, the originals, the seamless wallet and the transfer-in.
 */
export type StakeGuard = (playerId: number, stakeMicro: bigint, path: StakePath) => Promise<void>;

export type BetsService = ReturnType<typeof createBetsService>;
