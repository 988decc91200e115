import type { BetDetailRow, BetRecordRow, WinLossRow } from '@koi/contract';
import { formatMicro, formatSigned } from '@koi/ledger';
import type { BetsService } from './bets.service';
import type { RoundTotals } from './bets.repository';

/* The bets module's one mapping from its camelCase rows to the snake_case wire (decision 3). */

type BetRecords = Awaited<ReturnType<BetsService['betRecords']>>;
type BetDetail = Awaited<ReturnType<BetsService['betDetail']>>;
type WinLoss = Awaited<ReturnType<BetsService['winLoss']>>;

/** Stake, payout and the player's profit (payout − stake, signed) as decimal strings. */
const money = (t: Pick<RoundTotals, 'stakeMicro' | 'payoutMicro'>) => ({
  stake: formatMicro(t.stakeMicro),
  payout: formatMicro(t.payoutMicro),
  profit: formatSigned(t.payoutMicro - t.stakeMicro),
});
const totalsWire = (t: RoundTotals) => ({ bet_count: t.betCount, ...money(t) });

export const betRecordsWire = (r: BetRecords) => ({
  data: r.rows.map((g): BetRecordRow => ({
    plat_type_id: g.providerId,
    plat_name: g.providerName,
    game_code: g.gameCode,
    game_name: g.gameName ?? g.gameCode,
    game_type_id: g.gameTypeId,
    ...totalsWire(g),
  })),
  total: r.total,
  summary: totalsWire(r.summary),
});

export const betDetailWire = (r: BetDetail) => ({
  data: r.rows.map((round): BetDetailRow => ({
    round_id: round.roundId,
    game_code: round.gameCode,
    game_name: round.gameName ?? round.gameCode,
    ...money(round),
    status: round.status,
    opened_at: round.openedAt.toISOString(),
    closed_at: round.closedAt ? round.closedAt.toISOString() : null,
    fairness: round.fairness,
  })),
  total: r.total,
});

export const winLossWire = (r: WinLoss) => ({
  data: r.rows.map((d): WinLossRow => ({
    date: d.day,
    game_type_id: d.gameTypeId,
    category_name: d.categoryName,
    ...totalsWire(d),
  })),
  total: totalsWire(r.total),
});
