import { createHash } from 'node:crypto';
import { formatMicro } from '@koi/ledger';

/*
 * Design note: the unlimited-level differential (无限级差, decision 26), as one pure function.
 *
 * Team. An agent's team valid bets of a UTC+8 day are the valid bets of every member below them on that day's
 * tree, their own bets excluded (nobody earns commission on their own play). Per category c:
 *     team(a, c) = Σ over direct downlines d of branch(d, c),   branch(d, c) = own(d, c) + team(d, c).
 *
 * Rate. The tier table gives, from a day's team valid bets (all categories summed) on, a rate per category in
 * millionths (ppm). Below the first tier the rate is 0.
 *
 * Commission. team(a) × rate(a) − Σ_d team(d) × rate(d), per category, is written out line by line: one
 * line per direct downline d and category c,
 *     own_part      = floor(branch(d, c) × rate(a, c) / 10^6)
 *     downline_part = floor(team(d, c) × rate(d, c) / 10^6)
 *     differential  = own_part − downline_part
 * and the commission is the sum of the differentials, floored at 0. Since team(a, c) = Σ_d branch(d, c), the
 * sum is exactly the formula of decision 26. A line is negative only when a downline's rate is above the
 * agent's (a tier table whose rates fall as levels rise); the statement shows it as it is, and the floor means
 * the agent then earns nothing rather than owing. Every product is floored to a whole micro-USDT, so the
 * arithmetic is integer and anyone repeats it to the last digit.
 *
 * Evidence. A statement is the CSV of its lines (statementCsv, byte for byte stable) and two SHA-256 hashes:
 * over that text, and over the ids of the settled valid rounds of the team it includes (ascending, one a line).
 */

export const CATEGORIES = [1, 2, 3, 4, 5, 6, 7] as const;
export const PPM = 1_000_000n;

export interface Tier {
  level: number;
  minTeamMicro: bigint;
  /** Rates in millionths of the valid bet for categories 1–7, in that order. */
  ratesPpm: number[];
}

export interface StakeRow {
  playerId: number;
  gameTypeId: number;
  stakeMicro: bigint;
}

export interface RoundRow extends StakeRow {
  id: number;
}

export interface StatementLine {
  downlineId: number;
  gameTypeId: number;
  branchMicro: bigint;
  ownRatePpm: number;
  ownPartMicro: bigint;
  downlineTeamMicro: bigint;
  downlineRatePpm: number;
  downlinePartMicro: bigint;
  differentialMicro: bigint;
}

export interface AgentDay {
  agentId: number;
  level: number;
  ratesPpm: number[];
  teamByCategory: bigint[];
  teamMicro: bigint;
  ownByCategory: bigint[];
  lines: StatementLine[];
  commissionMicro: bigint;
}

const zeros = (): bigint[] => CATEGORIES.map(() => 0n);

/** The tier reached by a day's team valid bets: the highest whose minimum is met (level 0, rates 0, below all). */
export function tierFor(tiers: readonly Tier[], teamMicro: bigint): { level: number; ratesPpm: number[] } {
  let best: Tier | null = null;
  for (const tier of tiers) {
    if (teamMicro >= tier.minTeamMicro && (!best || tier.minTeamMicro >= best.minTeamMicro)) best = tier;
  }
  return best
    ? { level: best.level, ratesPpm: CATEGORIES.map((c) => best.ratesPpm[c - 1] ?? 0) }
    : { level: 0, ratesPpm: CATEGORIES.map(() => 0) };
}

/**
 * Every agent's day from the day's tree (player → upline; players absent have no upline) and the day's stakes
 * of its members. Only agents with a team valid bet above 0 are returned, ordered by id. With `root`, only the
 * subtree below that player is looked at (its own upline is ignored), which is what one agent's view needs.
 */
export function computeDay(input: {
  uplines: ReadonlyMap<number, number | null>;
  stakes: readonly StakeRow[];
  tiers: readonly Tier[];
}): Map<number, AgentDay> {
  const { uplines, stakes, tiers } = input;
  const children = childrenOf(uplines);

  const own = new Map<number, bigint[]>();
  for (const row of stakes) {
    if (row.gameTypeId < 1 || row.gameTypeId > CATEGORIES.length) continue;
    let sums = own.get(row.playerId);
    if (!sums) own.set(row.playerId, (sums = zeros()));
    sums[row.gameTypeId - 1]! += row.stakeMicro;
  }

  // Post-order without recursion (trees may be thousands of levels deep): parents after all their children.
  const roots = [...children.keys()].filter((p) => {
    const up = uplines.get(p);
    return up === null || up === undefined;
  });
  const order: number[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of children.get(node) ?? []) stack.push(child);
  }

  const team = new Map<number, bigint[]>();
  const rateOf = new Map<number, { level: number; ratesPpm: number[] }>();
  const result = new Map<number, AgentDay>();
  for (let i = order.length - 1; i >= 0; i -= 1) {
    const agent = order[i]!;
    const kids = children.get(agent);
    const teamSums = zeros();
    if (kids) {
      for (const kid of kids) {
        const kidOwn = own.get(kid);
        const kidTeam = team.get(kid);
        for (let c = 0; c < CATEGORIES.length; c += 1) {
          teamSums[c]! += (kidOwn?.[c] ?? 0n) + (kidTeam?.[c] ?? 0n);
        }
      }
    }
    team.set(agent, teamSums);
    const teamMicro = teamSums.reduce((a, b) => a + b, 0n);
    const tier = tierFor(tiers, teamMicro);
    rateOf.set(agent, tier);
    if (teamMicro === 0n || !kids) continue;
    const lines: StatementLine[] = [];
    let commission = 0n;
    for (const kid of kids) {
      const kidOwn = own.get(kid);
      const kidTeam = team.get(kid) ?? zeros();
      const kidRate = rateOf.get(kid) ?? tierFor(tiers, 0n);
      for (let c = 0; c < CATEGORIES.length; c += 1) {
        const branch = (kidOwn?.[c] ?? 0n) + kidTeam[c]!;
        if (branch === 0n) continue;
        const ownRate = tier.ratesPpm[c]!;
        const downRate = kidRate.ratesPpm[c]!;
        const ownPart = (branch * BigInt(ownRate)) / PPM;
        const downPart = (kidTeam[c]! * BigInt(downRate)) / PPM;
        const differential = ownPart - downPart;
        commission += differential;
        lines.push({
          downlineId: kid,
          gameTypeId: c + 1,
          branchMicro: branch,
          ownRatePpm: ownRate,
          ownPartMicro: ownPart,
          downlineTeamMicro: kidTeam[c]!,
          downlineRatePpm: downRate,
          downlinePartMicro: downPart,
          differentialMicro: differential,
        });
      }
    }
    result.set(agent, {
      agentId: agent,
      level: tier.level,
      ratesPpm: tier.ratesPpm,
      teamByCategory: teamSums,
      teamMicro,
      ownByCategory: own.get(agent) ?? zeros(),
      lines,
      commissionMicro: commission > 0n ? commission : 0n,
    });
  }
  return new Map([...result.entries()].sort(([a], [b]) => a - b));
}

/** The tree's direct downlines of every player with any, each list ascending, from `uplines` (player → upline). */
export function childrenOf(uplines: ReadonlyMap<number, number | null>): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [player, upline] of uplines) {
    if (upline === null || upline === undefined) continue;
    const list = children.get(upline);
    if (list) list.push(player);
    else children.set(upline, [player]);
  }
  for (const list of children.values()) list.sort((a, b) => a - b);
  return children;
}

/**
 * Every member below `agent` in the tree, nearest levels first. Takes the children lists (childrenOf) rather
 * than the uplines, so that a caller asking for every agent of a day builds them once: built per agent, a day
 * of thousands of agents cost agents × members.
 */
export function descendantsOf(children: ReadonlyMap<number, readonly number[]>, agent: number): number[] {
  const out: number[] = [];
  const queue = [...(children.get(agent) ?? [])];
  const seen = new Set<number>([agent]);
  for (let next = 0; next < queue.length; next += 1) {
    const node = queue[next]!;
    if (seen.has(node)) continue;
    seen.add(node);
    out.push(node);
    for (const child of children.get(node) ?? []) queue.push(child);
  }
  return out;
}

/** A rate in ppm as a decimal fraction with 6 places (5000 → "0.005000"). */
export const rateText = (ppm: number): string => formatMicro(BigInt(ppm));

export const STATEMENT_HEADER =
  'agent_id,day,level,downline_id,category,branch_valid,own_rate,own_part,downline_team_valid,downline_rate,downline_part,differential';

/** The statement as CSV: a header, one row per line, a total row; '\n' after every row. Hashed byte for byte. */
export function statementCsv(s: {
  agentId: number;
  day: string;
  level: number;
  teamMicro: bigint;
  lines: readonly StatementLine[];
  commissionMicro: bigint;
}): string {
  const rows = [STATEMENT_HEADER];
  for (const l of s.lines) {
    rows.push(
      [
        s.agentId,
        s.day,
        s.level,
        l.downlineId,
        l.gameTypeId,
        formatMicro(l.branchMicro),
        rateText(l.ownRatePpm),
        formatMicro(l.ownPartMicro),
        formatMicro(l.downlineTeamMicro),
        rateText(l.downlineRatePpm),
        formatMicro(l.downlinePartMicro),
        formatMicro(l.differentialMicro),
      ].join(','),
    );
  }
  rows.push(
    [
      s.agentId,
      s.day,
      s.level,
      'total',
      '',
      formatMicro(s.teamMicro),
      '',
      '',
      '',
      '',
      '',
      formatMicro(s.commissionMicro),
    ].join(','),
  );
  return `${rows.join('\n')}\n`;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of the settled-bet ids a statement includes: ascending, one a line, no trailing newline. */
export function betsHash(ids: readonly number[]): string {
  return sha256Hex([...ids].sort((a, b) => a - b).join('\n'));
}

/** Tiers as stored with a settlement run (JSON) and back. */
export const tiersToJson = (tiers: readonly Tier[]) =>
  tiers.map((t) => ({ level: t.level, min_team_micro: t.minTeamMicro.toString(), rates_ppm: t.ratesPpm }));
export const tiersFromJson = (json: unknown): Tier[] =>
  (json as { level: number; min_team_micro: string; rates_ppm: number[] }[]).map((t) => ({
    level: t.level,
    minTeamMicro: BigInt(t.min_team_micro),
    ratesPpm: t.rates_ppm,
  }));
