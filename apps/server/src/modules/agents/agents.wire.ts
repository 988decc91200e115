import { formatMicro } from '@koi/ledger';
import type {
  AgentTier,
  BrokerInfo,
  BrokerPlayerLog,
  BrokerPlayerLogRow,
  BrokerPlayOutRow,
  BrokerStatement,
  BrokerSuperior,
  CommissionIncome,
  InviteResult,
  StatementSummary,
} from '@koi/contract';
import { CATEGORIES, rateText, type Tier } from './commission';
import { maskName, type AgentsService } from './agents.service';
import type { agentSettlementRuns, agentStatements } from './agents.schema';

type Out<K extends keyof AgentsService> = Awaited<ReturnType<AgentsService[K]>>;
type StatementRow = typeof agentStatements.$inferSelect;
type RunRow = typeof agentSettlementRuns.$inferSelect;

const money = (micro: bigint) => formatMicro(micro);
const ratesWire = (ratesPpm: number[]) =>
  CATEGORIES.map((c) => ({ game_type_id: c, rate: rateText(ratesPpm[c - 1] ?? 0) }));

export const inviteWire = (i: Out<'invite'>): InviteResult => ({
  invite_code: i.inviteCode,
  web: i.web,
  bot: i.bot,
  web_qr: i.webQr,
  bot_qr: i.botQr,
});

export const tierWire = (t: Tier): AgentTier => ({
  level: t.level,
  min_team_valid: money(t.minTeamMicro),
  rates: ratesWire(t.ratesPpm),
});

export const brokerInfoWire = (i: Out<'info'>): BrokerInfo => ({
  invite_code: i.inviteCode,
  level: i.level,
  rates: ratesWire(i.ratesPpm),
  team_size: i.teamSize,
  direct_count: i.directCount,
  today_team_valid: money(i.todayTeamMicro),
  yesterday_team_valid: money(i.yesterdayTeamMicro),
  commission_pending: money(i.commissionPendingMicro),
  commission_yesterday: money(i.commissionYesterdayMicro),
  commission_paid: money(i.commissionPaidMicro),
  today_first_deposit_count: i.todayFirstDeposits.count,
  today_first_deposit_amount: money(i.todayFirstDeposits.amountMicro),
  yesterday_first_deposit_count: i.yesterdayFirstDeposits.count,
  yesterday_first_deposit_amount: money(i.yesterdayFirstDeposits.amountMicro),
});

export const playOutWire = (r: Out<'playOut'>['rows'][number]): BrokerPlayOutRow => ({
  player_name: r.name,
  depth: r.depth,
  day: r.day,
  bet_count: r.betCount,
  valid_bet: money(r.stakeMicro),
  payout: money(r.payoutMicro),
  profit: money(r.payoutMicro - r.stakeMicro),
});

export const playerLogWire = (r: Out<'playerLog'>['rows'][number]): BrokerPlayerLogRow => ({
  player_name: r.name,
  depth: r.depth,
  joined_at: r.joinedAt.toISOString(),
  first_bet_day: r.firstBetDay,
  last_bet_day: r.lastBetDay,
  valid_bet: money(r.stakeMicro),
  first_deposit: r.firstDeposit ? money(r.firstDeposit.amountMicro) : null,
  first_deposit_at: r.firstDeposit ? r.firstDeposit.at.toISOString() : null,
});

export const playerLogPageWire = (p: Out<'playerLog'>): BrokerPlayerLog => ({
  data: p.rows.map(playerLogWire),
  total: p.total,
  first_deposit_count: p.firstDeposits.count,
  first_deposit_amount: money(p.firstDeposits.amountMicro),
});

export const superiorWire = (s: Out<'superior'>): BrokerSuperior => ({
  upline: s.upline,
  data: s.rows.map((r) => ({
    day: r.day,
    settled: r.settled,
    own_valid: money(r.ownMicro),
    team_valid: money(r.teamMicro),
    my_level: r.level,
    branch_valid: money(r.branchMicro),
    upline_commission: money(r.uplineCommissionMicro),
    team_first_deposit_count: r.teamFirstDeposits.count,
    team_first_deposit_amount: money(r.teamFirstDeposits.amountMicro),
  })),
});

export const statementSummaryWire = (s: StatementRow): StatementSummary => ({
  day: s.day,
  level: s.level,
  team_valid: money(s.teamValidMicro),
  commission: money(s.commissionMicro),
  lines: s.lines,
  bet_count: s.betCount,
  rows_sha256: s.rowsSha256,
  bets_sha256: s.betsSha256,
  paid: s.transferKey !== null,
});

export const statementWire = (s: Out<'statement'>, agentName: string): BrokerStatement => ({
  ...statementSummaryWire(s.stored),
  lines_detail: s.lines.map((l) => ({
    downline: maskName(s.names.get(l.downlineId) ?? '?'),
    game_type_id: l.gameTypeId,
    branch_valid: money(l.branchMicro),
    own_rate: rateText(l.ownRatePpm),
    own_part: money(l.ownPartMicro),
    downline_team_valid: money(l.downlineTeamMicro),
    downline_rate: rateText(l.downlineRatePpm),
    downline_part: money(l.downlinePartMicro),
    differential: money(l.differentialMicro),
  })),
  csv: s.csv,
  filename: `statement-${s.stored.day}.csv`,
  check_command: `npm run koi -- agents:statement --agent ${agentName} --day ${s.stored.day}`,
});

export const incomeWire = (i: Out<'income'>): CommissionIncome => ({
  total: i.total,
  pending: money(i.pendingMicro),
  paid: money(i.paidMicro),
  data: i.rows.map((r) => ({
    day: r.day,
    commission: money(r.commissionMicro),
    team_valid: money(r.teamValidMicro),
    paid: r.transferKey !== null,
    rows_sha256: r.rowsSha256,
  })),
});

export const runWire = (r: Omit<RunRow, 'settledAt'> & { settledAt: Date }) => ({
  day: r.day,
  agents: r.agents,
  paid_agents: r.paidAgents,
  team_valid: money(r.teamValidMicro),
  total: money(r.totalMicro),
  settled_at: r.settledAt.toISOString(),
});
