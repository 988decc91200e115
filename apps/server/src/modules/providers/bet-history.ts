import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth';
import type { BetsService, RoundSettled } from '../bets';
import { WalletModel, type GamesService } from '../games';
import type { ProviderEndpoint } from './launch.adapter';
import { providerHistoryCursors } from './providers.schema';
import type { TransferClient } from './transfer.adapter';
import { createTransferRepository } from './transfer.repository';

/** Rounds asked for per page, and pages read per provider in one run (the next run goes on from there). */
const PAGE_SIZE = 200;
const PAGES_PER_RUN = 25;
/** The category of a round whose game the catalogue does not know, as the seamless wallet files it. */
const UNKNOWN_GAME_TYPE = 5;

/**
 * The rounds of transfer-wallet providers. Those providers settle play against the money Koi moved into their
 * own wallet and never call Koi per round, so their rounds reach Koi only through each provider's bet history,
 * which this pull reads page by page from a cursor kept in provider_history_cursors.
 *
 * Exactly once. Each round is recorded through the bets module (recordSettledRound: bet_rounds and the
 * valid-bet feed in one statement, so one transaction), which records a provider, round and player once and
 * answers false for a repeat. The cursor moves only after every round of its page is recorded. So a crash
 * between the two, a second node pulling at the same time, or a provider sending a page again re-reads rounds
 * that then count nothing: re-pulling never double-counts, and nothing is skipped.
 *
 * Each round is its own transaction, which touches only that player's feed row: a pull never holds feed rows
 * of several players at once, so it cannot join a lock cycle with the seamless wallet's batches (which lock a
 * player's wallet and then that player's feed row).
 *
 * Which providers: those of the catalogue whose wallet model is transfer and that Koi ever moved money into
 * (no money moved in, no rounds of Koi's players to read).
 */
export function createBetHistoryPull(deps: {
  db: Db;
  client: Pick<TransferClient, 'betHistory'>;
  endpointFor: (providerId: number) => Promise<ProviderEndpoint | null>;
  providerOf: (providerId: number) => Promise<{ id: number; code: string; walletModel: string } | null>;
  players: Pick<AuthService, 'playerIdOf'>;
  games: Pick<GamesService, 'findGame'>;
  bets: Pick<BetsService, 'recordSettledRound' | 'settled'>;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, client, bets, clock } = deps;
  const transfers = createTransferRepository(db);

  async function cursorOf(providerId: number): Promise<string> {
    const rows = await db
      .select({ cursor: providerHistoryCursors.cursor })
      .from(providerHistoryCursors)
      .where(eq(providerHistoryCursors.providerId, providerId));
    return rows[0]?.cursor ?? '';
  }

  async function saveCursor(providerId: number, cursor: string) {
    await db
      .insert(providerHistoryCursors)
      .values({ providerId, cursor, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: providerHistoryCursors.providerId,
        set: { cursor, updatedAt: clock.now() },
      });
  }

  /** Reads one provider's history from its cursor; answers how many rounds this run recorded. */
  async function pullProvider(provider: { id: number; code: string }, endpoint: ProviderEndpoint) {
    let cursor = await cursorOf(provider.id);
    let recorded = 0;
    const gameTypes = new Map<string, number>();
    for (let page = 0; page < PAGES_PER_RUN; page += 1) {
      const answer = await client.betHistory(endpoint, { provider: provider.code, cursor, limit: PAGE_SIZE });
      if (!answer) break;
      const settled: RoundSettled[] = [];
      for (const round of answer.rounds) {
        const playerId = await deps.players.playerIdOf(round.user);
        if (playerId === null) {
          // Not one of Koi's players (the provider serves other operators too): nothing of Koi's to record.
          deps.log?.warn(
            { provider: provider.code, round: round.round_id },
            'bet history names an unknown player',
          );
          continue;
        }
        let gameTypeId = gameTypes.get(round.game_code);
        if (gameTypeId === undefined) {
          const game = await deps.games.findGame(provider.id, round.game_code);
          gameTypeId = game?.gameTypeId ?? UNKNOWN_GAME_TYPE;
          gameTypes.set(round.game_code, gameTypeId);
        }
        const wrote = await bets.recordSettledRound(db, {
          providerId: provider.id,
          roundId: round.round_id,
          playerId,
          gameCode: round.game_code,
          gameTypeId,
          stakeMicro: BigInt(round.bet),
          payoutMicro: BigInt(round.payout),
          openedAt: new Date(round.bet_time),
          settledAt: new Date(round.settle_time),
        });
        if (wrote) {
          recorded += 1;
          settled.push({ playerId, providerId: provider.id, roundId: round.round_id });
        }
      }
      if (answer.next_cursor !== cursor) await saveCursor(provider.id, answer.next_cursor);
      cursor = answer.next_cursor;
      bets.settled(settled);
      if (!answer.has_more) break;
    }
    return recorded;
  }

  return {
    /** One run of the job: every transfer-wallet provider's new rounds; answers how many were recorded. */
    async pullOnce(): Promise<number> {
      let recorded = 0;
      for (const providerId of await transfers.providersEverMovedInto()) {
        const provider = await deps.providerOf(providerId);
        if (!provider || provider.walletModel !== WalletModel.TRANSFER) continue;
        const endpoint = await deps.endpointFor(providerId);
        if (!endpoint) continue;
        recorded += await pullProvider(provider, endpoint);
      }
      return recorded;
    },
  };
}

export type BetHistoryPull = ReturnType<typeof createBetHistoryPull>;
