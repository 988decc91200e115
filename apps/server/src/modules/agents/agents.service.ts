import QRCode from 'qrcode';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { SystemAccount, TransferCode } from '@koi/ledger';
import type { Db, Tx } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { DAY_MS, reportDay, startOfReportDay, type TimeRange } from '../../lib/time-range';
import { pageSlice, type PageWindow } from '../../lib/paging';
import type { AuditWrite } from '../audit';
import type { PlayerDirectory } from '../auth';
import type { BetsService } from '../bets';
import { SETTLE_GRACE_MS } from '../bets/valid-bets';
import type { TransferRequest, WalletService } from '../wallet/wallet.service';
import {
  betsHash,
  childrenOf,
  computeDay,
  descendantsOf,
  PPM,
  sha256Hex,
  statementCsv,
  tierFor,
  tiersFromJson,
  tiersToJson,
  type AgentDay,
  type RoundRow,
  type StatementLine,
  type Tier,
} from './commission';
import { createAgentsRepository, type SubtreeMember } from './agents.repository';

/*
 * Design note: the agent programme (decision 26).
 *
 * The tree. Registration stores who invited a player (auth); inside the same transaction this module adds the
 * player to its team tree (the onPlayerCreated hook), so the tree never lags the players. An operator may move
 * a player and their team under another upline: the move is recorded at once in today's tree (what the
 * broker calls show) and in the day-versioned member rows from tomorrow (UTC+8) on, which is what settlement
 * reads, so a day already begun, or already paid, is settled with the tree it had.
 *
 * Settlement. A finished UTC+8 day is settled once: its inputs are read (the day's tree, the tier table, the
 * valid-bet feed of every member with an upline, and the ids of the settled rounds it sums), every agent's
 * commission computed (commission.ts), and then one transaction, under an advisory lock, checks that no run
 * for the day exists, writes every statement and its lines, pays each positive commission through the ledger
 * (COMMISSION_EXPENSE → agent, code COMMISSION, key `agent-commission:<agent>:<day>`), and writes the run row
 * last. A second run, concurrent or later, finds the run row (or waits on the lock and then finds it) and
 * changes nothing; a crash before commit leaves nothing, and the ledger's keys would refuse a second payment
 * even then. A change of the feed after a day was settled (a late rollback) is not paid again: the statement
 * stays what was paid, and `agents:statement` shows the difference.
 *
 * First deposits (首充). The broker views show each member's first deposit and how many members made their
 * first deposit in a period, and for how much. They read it from the ledger through the wallet
 * (firstDepositsOf), the source promotions' first-deposit rule reads too: every deposit path, TRC20 orders and
 * payment channels alike, credits the player with the DEPOSIT code, so no path is missed and no rule is
 * restated here. A first deposit counts on the UTC+8 day it was credited.
 *
 * Scoping. Every broker call starts from the caller's subtree (repository.subtree, the closure's index range
 * of ancestor = caller), and only reads rows of those members; no request field names a member.
 */

/** Commission payments per ledger call of the settlement. */
const PAYMENT_BATCH = 1_000;
const QR_SIZE = 344;
const QR_CACHE_MAX = 2_000;

export interface AgentsServiceDeps {
  db: Db;
  clock: Clock;
  /** transfersIn pays commission; firstDepositsOf reads members' first deposits from the ledger. */
  wallet: Pick<WalletService, 'transfersIn' | 'firstDepositsOf'>;
  bets: Pick<BetsService, 'feedOfPlayers' | 'validRoundsOfDay'>;
  directory: Pick<PlayerDirectory, 'inviteCodeOf' | 'usernamesOf' | 'playerIdByUsername'>;
  /** The inviter of a player just created, read inside the registration transaction. */
  inviterOf: (playerId: number, tx: Tx) => Promise<number | null>;
  /** The Telegram start link for an invite code (decision 26), or null when Telegram is not configured. */
  botStartLink: (inviteCode: string) => string | null;
}

export interface DayComputation {
  day: string;
  tiers: Tier[];
  agents: Map<number, AgentDay>;
  /** Settled round ids by member (ascending), for the bets hash of every agent whose team includes them. */
  rounds: RoundRow[];
  /** The stakes the commission was computed from (the feed, or the rounds when recomputing). */
  stakes: { playerId: number; stakeMicro: bigint }[];
  uplines: Map<number, number | null>;
}

/** Masks a username for another player's eyes: the first two and last two characters. */
export function maskName(name: string): string {
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

function checkDay(day: string) {
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
    Number.isNaN(utc) ||
    new Date(utc).toISOString().slice(0, 10) !== day
  ) {
    throw new AppError('AGENT_DAY_INVALID', { reason: { zh: '不是有效的日期', en: 'not a calendar date' } });
  }
}

const dayOffset = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The report days of a time range (spec §3): yesterday, today, or the last seven days including today. */
export function daysOf(range: TimeRange, now: Date): { from: string; to: string } {
  const today = reportDay(now);
  if (range === 1) return { from: dayOffset(today, -1), to: dayOffset(today, -1) };
  if (range === 2) return { from: today, to: today };
  return { from: dayOffset(today, -6), to: today };
}

type FirstDeposits = Awaited<ReturnType<WalletService['firstDepositsOf']>>;

/** How many of the first deposits were credited on the UTC+8 days [from, to], and their sum (首充人数, 首充金额). */
export function firstDepositsOn(firsts: FirstDeposits, from: string, to: string) {
  let count = 0;
  let amountMicro = 0n;
  for (const f of firsts.values()) {
    const day = reportDay(f.at);
    if (day >= from && day <= to) {
      count += 1;
      amountMicro += f.amountMicro;
    }
  }
  return { count, amountMicro };
}

/** Builds each statement's CSV and hashes from a computed day: settlement stores them, the CLI compares them. */
export function statementsOf(computation: DayComputation) {
  const roundsByPlayer = new Map<number, number[]>();
  for (const r of computation.rounds) {
    const list = roundsByPlayer.get(r.playerId);
    if (list) list.push(r.id);
    else roundsByPlayer.set(r.playerId, [r.id]);
  }
  const out: {
    agent: AgentDay;
    csv: string;
    rowsSha256: string;
    betsSha256: string;
    betCount: number;
  }[] = [];
  const children = childrenOf(computation.uplines);
  for (const agent of computation.agents.values()) {
    const ids: number[] = [];
    for (const member of descendantsOf(children, agent.agentId)) {
      const list = roundsByPlayer.get(member);
      if (list) ids.push(...list);
    }
    const csv = statementCsv({ ...agent, day: computation.day });
    out.push({ agent, csv, rowsSha256: sha256Hex(csv), betsSha256: betsHash(ids), betCount: ids.length });
  }
  return out;
}

export function createAgentsService(deps: AgentsServiceDeps) {
  const { db, clock, bets, directory } = deps;
  const repo = createAgentsRepository(db);
  const qrCache = new Map<string, Promise<string>>();

  const qr = (text: string): Promise<string> => {
    const cached = qrCache.get(text);
    if (cached) return cached;
    if (qrCache.size >= QR_CACHE_MAX) qrCache.delete(qrCache.keys().next().value!);
    // Level H survives the logo the app draws over the middle (about 20 % of the width). The QR library
    // rounds its size to whole pixels per module, so the image is padded (white, nearest-neighbour, modules stay
    // sharp) to exactly QR_SIZE square.
    const made = QRCode.toBuffer(text, { errorCorrectionLevel: 'H', width: QR_SIZE, margin: 2, type: 'png' })
      .then((png) =>
        sharp(png)
          .resize(QR_SIZE, QR_SIZE, { fit: 'contain', kernel: 'nearest', background: '#ffffff' })
          .png()
          .toBuffer(),
      )
      .then((png) => `data:image/png;base64,${png.toString('base64')}`);
    qrCache.set(text, made);
    made.catch(() => qrCache.delete(text));
    return made;
  };

  /** One agent's day computed from its own subtree (today's tree) and the feed: what the live views show. */
  async function computeSubtree(agentId: number, members: SubtreeMember[], day: string, tiers: Tier[]) {
    const uplines = new Map<number, number | null>([[agentId, null]]);
    for (const m of members) uplines.set(m.playerId, m.parentId);
    const feed = await bets.feedOfPlayers(
      members.map((m) => m.playerId),
      day,
      day,
    );
    const agents = computeDay({ uplines, stakes: feed, tiers });
    return { agents, feed, uplines };
  }

  /** Reads and computes a day for settlement or recomputation. `source` picks the feed or the rounds themselves. */
  async function computeForDay(
    day: string,
    tiers: Tier[],
    source: 'feed' | 'rounds',
  ): Promise<DayComputation> {
    const uplines = await repo.uplinesOn(day);
    const members = [...uplines.entries()].filter(([, up]) => up !== null).map(([p]) => p);
    const rounds = await bets.validRoundsOfDay(members, day);
    const stakes = source === 'rounds' ? rounds : await bets.feedOfPlayers(members, day, day);
    return { day, tiers, agents: computeDay({ uplines, stakes, tiers }), rounds, stakes, uplines };
  }

  function assertSettleable(day: string) {
    checkDay(day);
    // The day's UTC+8 midnight is 16:00 UTC of the day before; it ends one day later.
    const endOfDay = Date.parse(`${day}T00:00:00Z`) - 8 * 3_600_000 + DAY_MS;
    if (clock.now().getTime() < endOfDay + SETTLE_GRACE_MS) throw new AppError('AGENT_DAY_NOT_OVER');
  }

  const service = {
    /** auth's onPlayerCreated hook: the new player joins the tree under their inviter, in the same transaction. */
    async onPlayerCreated(playerId: number, tx: Tx): Promise<void> {
      const inviter = await deps.inviterOf(playerId, tx);
      const txRepo = createAgentsRepository(tx);
      const now = clock.now();
      if (inviter !== null && !(await txRepo.isMember(inviter))) {
        // An inviter from before the tree existed joins it as a root first.
        await txRepo.addMember(inviter, null, '2000-01-01', now);
      }
      await txRepo.addMember(playerId, inviter, reportDay(now), now);
    },

    /** POST /api/plat/invite: the web and Telegram links (decision 26) and their QR codes. */
    async invite(playerId: number, inviteCode: string | undefined, origin: string) {
      const code = inviteCode ?? (await directory.inviteCodeOf(playerId));
      if (!code) throw new AppError('UNAUTHORIZED');
      const web = `${origin}/?code=${encodeURIComponent(code)}`;
      const bot = deps.botStartLink(code);
      const [webQr, botQr] = await Promise.all([qr(web), bot ? qr(bot) : Promise.resolve(null)]);
      return { inviteCode: code, web, bot, webQr, botQr };
    },

    tiers: () => repo.tiers(),

    async tiersWithTime() {
      return { tiers: await repo.tiers(), updatedAt: await repo.tiersUpdatedAt() };
    },

    /** Replaces the tier table; levels must rise with their minimums, and rates stay below 100 %. */
    async replaceTiers(tiers: Tier[], audit?: AuditWrite) {
      const sorted = [...tiers].sort((a, b) => a.level - b.level);
      for (let i = 0; i < sorted.length; i += 1) {
        const t = sorted[i]!;
        if (i > 0 && sorted[i - 1]!.level === t.level) {
          throw new AppError('AGENT_TIERS_INVALID', {
            reason: { zh: `档位${t.level}重复`, en: `level ${t.level} twice` },
          });
        }
        if (i > 0 && t.minTeamMicro <= sorted[i - 1]!.minTeamMicro) {
          throw new AppError('AGENT_TIERS_INVALID', {
            reason: {
              zh: '档位越高，团队有效投注门槛须越高',
              en: 'each level needs a higher minimum than the one before',
            },
          });
        }
        if (t.ratesPpm.some((r) => r < 0 || r >= Number(PPM))) {
          throw new AppError('AGENT_TIERS_INVALID', {
            reason: { zh: '比例须小于1', en: 'rates must be below 1' },
          });
        }
      }
      await db.transaction(async (tx) => {
        const txRepo = createAgentsRepository(tx);
        const before = tiersToJson(await txRepo.tiers());
        await txRepo.replaceTiers(sorted, clock.now());
        await audit?.(tx, { before, after: tiersToJson(sorted) });
      });
      return sorted;
    },

    /**
     * Settles a finished day (see the design note). Answers the run and whether this call made it; any number
     * of concurrent or repeated calls pay once.
     */
    async settleDay(day: string, audit?: AuditWrite) {
      assertSettleable(day);
      const existing = await repo.run(day);
      if (existing) return { run: existing, created: false };
      const tiers = await repo.tiers();
      if (tiers.length === 0) {
        throw new AppError('AGENT_TIERS_INVALID', {
          reason: { zh: '尚未设置佣金档位', en: 'no tier table yet' },
        });
      }
      const computation = await computeForDay(day, tiers, 'feed');
      const statements = statementsOf(computation);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.AGENT_SETTLEMENT})`);
        const txRepo = createAgentsRepository(tx);
        const again = await txRepo.run(day);
        if (again) return { run: again, created: false };
        let total = 0n;
        let paid = 0;
        let teamValid = 0n;
        // Every stake read belongs to a member with an upline (computeForDay reads only those).
        for (const r of computation.stakes) teamValid += r.stakeMicro;
        const statementRows = [];
        const payments: TransferRequest[] = [];
        const lineRows: (StatementLine & { agentId: number; day: string; lineNo: number })[] = [];
        for (const s of statements) {
          const { agent } = s;
          const key = agent.commissionMicro > 0n ? `agent-commission:${agent.agentId}:${day}` : null;
          if (key) {
            payments.push({
              key,
              debit: { system: SystemAccount.COMMISSION_EXPENSE },
              credit: { player: agent.agentId },
              amountMicro: agent.commissionMicro,
              code: TransferCode.COMMISSION,
              reference: { type: 'agent_statement', id: `${agent.agentId}:${day}` },
              metadata: { rows_sha256: s.rowsSha256, bets_sha256: s.betsSha256 },
            });
            total += agent.commissionMicro;
            paid += 1;
          }
          statementRows.push({
            agentId: agent.agentId,
            day,
            level: agent.level,
            teamValidMicro: agent.teamMicro,
            commissionMicro: agent.commissionMicro,
            lines: agent.lines.length,
            betCount: s.betCount,
            rowsSha256: s.rowsSha256,
            betsSha256: s.betsSha256,
            transferKey: key,
          });
          agent.lines.forEach((line, i) =>
            lineRows.push({ agentId: agent.agentId, day, lineNo: i + 1, ...line }),
          );
        }
        // Thousands of agents are paid in a few round trips rather than one each.
        for (let i = 0; i < payments.length; i += PAYMENT_BATCH) {
          await deps.wallet.transfersIn(tx, payments.slice(i, i + PAYMENT_BATCH));
        }
        await txRepo.insertStatements(statementRows, lineRows);
        const run = {
          day,
          agents: statements.length,
          paidAgents: paid,
          teamValidMicro: teamValid,
          totalMicro: total,
          tiers: tiersToJson(tiers),
          settledAt: clock.now(),
        };
        await txRepo.insertRun(run);
        await audit?.(tx, {
          after: { day, agents: run.agents, paid_agents: paid, total_micro: total.toString() },
        });
        return { run, created: true };
      });
    },

    /** The job's tick: settles yesterday once its grace has passed, when a tier table exists. */
    async settleDue(): Promise<boolean> {
      const now = clock.now().getTime();
      if (now - startOfReportDay(now) < SETTLE_GRACE_MS) return false;
      const yesterday = reportDay(new Date(now - DAY_MS));
      if (await repo.run(yesterday)) return false;
      if ((await repo.tiers()).length === 0) return false;
      return (await service.settleDay(yesterday)).created;
    },

    runs: (page: PageWindow) => repo.runs(page),

    /**
     * Recomputes one agent's statement of a settled day from the bet records themselves (bet_rounds, not the
     * feed), with the tier table stored with the run: what `agents:statement` prints and compares.
     */
    async recompute(agentId: number, day: string) {
      checkDay(day);
      const run = await repo.run(day);
      const tiers = run ? tiersFromJson(run.tiers) : await repo.tiers();
      const computation = await computeForDay(day, tiers, 'rounds');
      const mine = statementsOf({
        ...computation,
        agents: new Map([...computation.agents].filter(([id]) => id === agentId)),
      })[0];
      const stored = await repo.statement(agentId, day);
      return { settled: run !== null, recomputed: mine ?? null, stored };
    },

    /** POST /api/plat/broker/info */
    async info(agentId: number, inviteCode: string | undefined) {
      const now = clock.now();
      const today = reportDay(now);
      const yesterday = dayOffset(today, -1);
      const [members, tiers, code] = await Promise.all([
        repo.subtree(agentId),
        repo.tiers(),
        inviteCode ?? directory.inviteCodeOf(agentId),
      ]);
      const [todayDay, yesterdayStatement, paidTotals, firsts] = await Promise.all([
        computeSubtree(agentId, members, today, tiers),
        repo.statement(agentId, yesterday),
        repo.paidTotals([agentId]),
        deps.wallet.firstDepositsOf(members.map((m) => m.playerId)),
      ]);
      const yesterdayFeed = await bets.feedOfPlayers(
        members.map((m) => m.playerId),
        yesterday,
        yesterday,
      );
      const todayTeam = todayDay.feed.reduce((a, r) => a + r.stakeMicro, 0n);
      const tier = tierFor(tiers, todayTeam);
      let commissionYesterday = yesterdayStatement?.commissionMicro ?? null;
      if (commissionYesterday === null) {
        commissionYesterday =
          (await computeSubtree(agentId, members, yesterday, tiers)).agents.get(agentId)?.commissionMicro ??
          0n;
      }
      return {
        inviteCode: code ?? '',
        level: tier.level,
        ratesPpm: tier.ratesPpm,
        teamSize: members.length,
        directCount: members.filter((m) => m.depth === 1).length,
        todayTeamMicro: todayTeam,
        yesterdayTeamMicro: yesterdayFeed.reduce((a, r) => a + r.stakeMicro, 0n),
        commissionPendingMicro: todayDay.agents.get(agentId)?.commissionMicro ?? 0n,
        commissionYesterdayMicro: commissionYesterday,
        commissionPaidMicro: paidTotals.get(agentId) ?? 0n,
        todayFirstDeposits: firstDepositsOn(firsts, today, today),
        yesterdayFirstDeposits: firstDepositsOn(firsts, yesterday, yesterday),
      };
    },

    /** POST /api/plat/broker/play/out: members' valid bets by member and day, newest day first. */
    async playOut(agentId: number, q: { range: TimeRange; page: number; size: number }) {
      const members = await repo.subtree(agentId);
      const depth = new Map(members.map((m) => [m.playerId, m.depth]));
      const { from, to } = daysOf(q.range, clock.now());
      const feed = await bets.feedOfPlayers([...depth.keys()], from, to);
      const byKey = new Map<
        string,
        { playerId: number; day: string; betCount: number; stakeMicro: bigint; payoutMicro: bigint }
      >();
      for (const r of feed) {
        const key = `${r.day}:${r.playerId}`;
        const row = byKey.get(key);
        if (row) {
          row.betCount += r.betCount;
          row.stakeMicro += r.stakeMicro;
          row.payoutMicro += r.payoutMicro;
        } else {
          byKey.set(key, {
            playerId: r.playerId,
            day: r.day,
            betCount: r.betCount,
            stakeMicro: r.stakeMicro,
            payoutMicro: r.payoutMicro,
          });
        }
      }
      const all = [...byKey.values()].sort(
        (a, b) =>
          b.day.localeCompare(a.day) ||
          depth.get(a.playerId)! - depth.get(b.playerId)! ||
          a.playerId - b.playerId,
      );
      const rows = pageSlice(all, q);
      const names = await directory.usernamesOf(rows.map((r) => r.playerId));
      return {
        rows: rows.map((r) => ({
          ...r,
          name: maskName(names.get(r.playerId) ?? '?'),
          depth: depth.get(r.playerId)!,
        })),
        total: all.length,
      };
    },

    /**
     * POST /api/plat/broker/player/log: members with when they joined, their first deposit and their activity
     * in the range, and the first deposits of the whole team made in the range.
     */
    async playerLog(agentId: number, q: { range: TimeRange; page: number; size: number }) {
      const members = await repo.subtree(agentId);
      const ids = members.map((m) => m.playerId);
      const { from, to } = daysOf(q.range, clock.now());
      const [feed, firsts] = await Promise.all([
        bets.feedOfPlayers(ids, from, to),
        deps.wallet.firstDepositsOf(ids),
      ]);
      const activity = new Map<number, { first: string; last: string; stake: bigint }>();
      for (const r of feed) {
        const a = activity.get(r.playerId);
        if (!a) activity.set(r.playerId, { first: r.day, last: r.day, stake: r.stakeMicro });
        else {
          if (r.day < a.first) a.first = r.day;
          if (r.day > a.last) a.last = r.day;
          a.stake += r.stakeMicro;
        }
      }
      const sorted = [...members].sort(
        (a, b) => b.joinedAt.getTime() - a.joinedAt.getTime() || b.playerId - a.playerId,
      );
      const page = pageSlice(sorted, q);
      const names = await directory.usernamesOf(page.map((m) => m.playerId));
      return {
        rows: page.map((m) => {
          const a = activity.get(m.playerId);
          return {
            name: maskName(names.get(m.playerId) ?? '?'),
            depth: m.depth,
            joinedAt: m.joinedAt,
            firstBetDay: a?.first ?? null,
            lastBetDay: a?.last ?? null,
            stakeMicro: a?.stake ?? 0n,
            firstDeposit: firsts.get(m.playerId) ?? null,
          };
        }),
        total: members.length,
        firstDeposits: firstDepositsOn(firsts, from, to),
      };
    },

    /** POST /api/plat/broker/superior/performance: my branch as my upline sees it, per day of the range. */
    async superior(agentId: number, range: TimeRange) {
      const chain = await repo.chain(agentId);
      const upline = chain[0]?.id ?? null;
      const { from, to } = daysOf(range, clock.now());
      const tiers = await repo.tiers();
      const uplineMembers = upline !== null ? await repo.subtree(upline) : [];
      const mine = await repo.subtree(agentId);
      const firsts = await deps.wallet.firstDepositsOf(mine.map((m) => m.playerId));
      const settledLines = upline !== null ? await repo.branchLines(upline, agentId, from, to) : [];
      const rows = [];
      for (let day = to; day >= from; day = dayOffset(day, -1)) {
        const run = await repo.run(day);
        const ownFeed = await bets.feedOfPlayers([agentId], day, day);
        const own = ownFeed.reduce((a, r) => a + r.stakeMicro, 0n);
        const myStatement = run ? await repo.statement(agentId, day) : null;
        let team: bigint;
        let level: number;
        let uplineCommission = 0n;
        if (run) {
          team = myStatement?.teamValidMicro ?? 0n;
          level = myStatement?.level ?? tierFor(tiersFromJson(run.tiers), 0n).level;
          for (const l of settledLines) if (l.day === day) uplineCommission += l.differentialMicro;
        } else {
          const live = await computeSubtree(agentId, mine, day, tiers);
          team = live.agents.get(agentId)?.teamMicro ?? 0n;
          level = tierFor(tiers, team).level;
          if (upline !== null) {
            const up = await computeSubtree(upline, uplineMembers, day, tiers);
            for (const l of up.agents.get(upline)?.lines ?? []) {
              if (l.downlineId === agentId) uplineCommission += l.differentialMicro;
            }
          }
        }
        rows.push({
          day,
          settled: run !== null,
          ownMicro: own,
          teamMicro: team,
          level,
          branchMicro: own + team,
          uplineCommissionMicro: uplineCommission,
          teamFirstDeposits: firstDepositsOn(firsts, day, day),
        });
      }
      const names = upline !== null ? await directory.usernamesOf([upline]) : new Map<number, string>();
      return { upline: upline !== null ? maskName(names.get(upline) ?? '?') : null, rows };
    },

    statements: (agentId: number, page: PageWindow) => repo.statements(agentId, page),

    /** One statement with its lines and CSV (rebuilt from the stored lines; its hash is the stored one). */
    async statement(agentId: number, day: string) {
      checkDay(day);
      const stored = await repo.statement(agentId, day);
      if (!stored) throw new AppError('AGENT_STATEMENT_NOT_FOUND');
      const lines = await repo.statementLines(agentId, day);
      const csv = statementCsv({
        agentId,
        day,
        level: stored.level,
        teamMicro: stored.teamValidMicro,
        lines,
        commissionMicro: stored.commissionMicro,
      });
      const names = await directory.usernamesOf([agentId, ...lines.map((l) => l.downlineId)]);
      return { stored, lines, csv, names };
    },

    /** The commission half of `income`: pending today, paid in all, and the settled days. */
    async income(agentId: number, page: PageWindow) {
      const [info, list] = await Promise.all([service.info(agentId, ''), repo.statements(agentId, page)]);
      return {
        pendingMicro: info.commissionPendingMicro,
        paidMicro: info.commissionPaidMicro,
        rows: list.rows,
        total: list.total,
      };
    },

    /** Console: direct downlines of `parent` with their team size, today's team bets and commission paid. */
    async children(parent: number, keyword: string, page: PageWindow) {
      let only: number[] | undefined;
      if (keyword) {
        const id = await directory.playerIdByUsername(keyword);
        only = id === null ? [] : [id];
      }
      const { ids, total } = await repo.children(parent, page, only);
      const [counts, paid, names] = await Promise.all([
        repo.teamCounts(ids),
        repo.paidTotals(ids),
        directory.usernamesOf(ids),
      ]);
      const today = reportDay(clock.now());
      const rows = [];
      for (const id of ids) {
        const members = await repo.subtree(id);
        const feed = await bets.feedOfPlayers(
          members.map((m) => m.playerId),
          today,
          today,
        );
        rows.push({
          id,
          username: names.get(id) ?? '?',
          directCount: counts.get(id)?.direct ?? 0,
          teamSize: counts.get(id)?.team ?? 0,
          todayTeamMicro: feed.reduce((a, r) => a + r.stakeMicro, 0n),
          paidMicro: paid.get(id) ?? 0n,
        });
      }
      return { rows, total };
    },

    /** Console: a player's upline chain (today's tree) and a move waiting for tomorrow. */
    async chainOf(username: string) {
      const playerId = await directory.playerIdByUsername(username);
      if (playerId === null) throw new AppError('AGENT_PLAYER_NOT_FOUND', { name: username });
      const chain = await repo.chain(playerId);
      const today = reportDay(clock.now());
      const pending = await repo.pendingMove(playerId, today);
      const names = await directory.usernamesOf([
        playerId,
        ...chain.map((c) => c.id),
        ...(pending?.uplineId ? [pending.uplineId] : []),
      ]);
      return {
        player: { id: playerId, username: names.get(playerId) ?? username },
        chain: chain.map((c) => ({ ...c, username: names.get(c.id) ?? '?' })),
        pending: pending
          ? {
              to: pending.uplineId !== null ? (names.get(pending.uplineId) ?? '?') : null,
              effectiveDay: pending.fromDay,
            }
          : null,
      };
    },

    /**
     * Console: moves a player and their team under another upline (or to the top). Today's tree changes now;
     * settlement sees the new upline from tomorrow (UTC+8) on, so no day already begun changes hands.
     */
    async move(
      input: { player: string; to: string; reason: string; operatorId: number | null },
      audit?: AuditWrite,
    ) {
      const playerId = await directory.playerIdByUsername(input.player);
      if (playerId === null) throw new AppError('AGENT_PLAYER_NOT_FOUND', { name: input.player });
      let toId: number | null = null;
      if (input.to) {
        toId = await directory.playerIdByUsername(input.to);
        if (toId === null) throw new AppError('AGENT_PLAYER_NOT_FOUND', { name: input.to });
      }
      const now = clock.now();
      const effectiveDay = dayOffset(reportDay(now), 1);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLock.AGENT_TREE})`);
        const txRepo = createAgentsRepository(tx);
        if (!(await txRepo.isMember(playerId))) await txRepo.addMember(playerId, null, '2000-01-01', now);
        if (toId !== null && !(await txRepo.isMember(toId)))
          await txRepo.addMember(toId, null, '2000-01-01', now);
        if (
          toId === playerId ||
          (toId !== null && (await txRepo.chain(toId)).some((c) => c.id === playerId))
        ) {
          throw new AppError('AGENT_MOVE_CYCLE');
        }
        const current = (await txRepo.chain(playerId))[0]?.id ?? null;
        if (current === toId) throw new AppError('AGENT_MOVE_SAME');
        const member = await txRepo.memberOn(playerId, reportDay(now));
        const moved = await txRepo.move(playerId, toId, effectiveDay, member?.joinedAt ?? now);
        await txRepo.recordMove({
          playerId,
          fromUplineId: current,
          toUplineId: toId,
          effectiveDay,
          operatorId: input.operatorId,
          reason: input.reason,
          createdAt: now,
        });
        await audit?.(tx, {
          before: { upline_id: current },
          after: { upline_id: toId, effective_day: effectiveDay, moved_members: moved },
        });
        return { effectiveDay, movedMembers: moved };
      });
    },
  };
  return service;
}

export type AgentsService = ReturnType<typeof createAgentsService>;
