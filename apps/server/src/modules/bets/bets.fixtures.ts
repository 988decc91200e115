import { testConfig } from '../../config';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DbOrTx } from '../../db/client';
import { RoundStatus } from './bets.schema';
import type { Clock } from '../../lib/clock';
import { betsModule } from '.';

/**
 * The bets service for tests of modules that write rounds or read turnover (deposits, withdrawals) but
 * never show bet records: asking it for names fails loudly, and no original's proof is known instead of answering with made-up data.
 */
export function betsForTests(deps: { database: Database; clock: Clock }) {
  const unused = () => {
    throw new Error('this test built the bets service without the games and originals modules');
  };
  return betsModule({ config: testConfig(), ...deps, catalogue: { namesOf: unused, categoryNames: unused } })
    .service;
}

/**
 * The valid-bet feed's invariant, for tests of every module that settles rounds: each valid_bets_daily row
 * equals the sum of the settled valid rounds it summarises (bet_rounds, by player, UTC+8 settlement day,
 * category and provider), and no such round is missing from it. Answers the rows that differ (none when
 * the feed is right); rows whose rounds were all rolled back may remain, at zero.
 */
export async function validBetFeedDrift(db: DbOrTx) {
  return queryRows<{ player_id: string; day: string; feed: string | null; rounds: string | null }>(
    db,
    sql`with rounds as (
          select r.player_id, ((r.settled_at at time zone 'UTC') + interval '8 hours')::date as day,
                 r.game_type_id, r.provider_id, count(*)::int as bet_count, sum(r.stake_micro) as stake_micro,
                 sum(r.payout_micro) as payout_micro
          from bet_rounds r where r.status = ${RoundStatus.CLOSED} and r.valid
          group by 1, 2, 3, 4
        ), feed as (select * from valid_bets_daily where bet_count <> 0 or stake_micro <> 0 or payout_micro <> 0)
        select coalesce(f.player_id, r.player_id)::text as player_id, coalesce(f.day, r.day)::text as day,
               concat_ws('/', f.bet_count, f.stake_micro, f.payout_micro) as feed,
               concat_ws('/', r.bet_count, r.stake_micro, r.payout_micro) as rounds
        from feed f full join rounds r on r.player_id = f.player_id and r.day = f.day
          and r.game_type_id = f.game_type_id and r.provider_id = f.provider_id
        where f.player_id is null or r.player_id is null or f.bet_count <> r.bet_count
          or f.stake_micro <> r.stake_micro or f.payout_micro <> r.payout_micro`,
  );
}
